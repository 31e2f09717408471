/*
 * The one escrow call a browser makes: a maintainer's wallet paying a chain bounty in
 * (BountyEscrow's `createIssue(uint256 id, uint64 deadline)`, with the bounty as value), encoded
 * here so the web app needs no Ethereum library. The server's tests check it against the
 * contract's ABI (apps/server/src/modules/chain/escrow-calls.test.ts).
 */

/** The first 4 bytes of keccak-256("createIssue(uint256,uint64)"). */
export const CREATE_ISSUE_SELECTOR = '0xd5210ec0';

const word = (value: bigint): string => {
  if (value < 0n || value >= 2n ** 256n) throw new RangeError('not a uint256');
  return value.toString(16).padStart(64, '0');
};

/** A whole number as a JSON-RPC quantity ('0x' and hex digits, no leading zeros). */
export const toQuantity = (value: bigint): string => `0x${value.toString(16)}`;

/**
 * The transaction a maintainer's wallet sends to fund a chain bounty: to the escrow, calling
 * createIssue(issue id, deadline), with the amount (the chain's smallest unit) as value. The id,
 * deadline and amount are the server's (decimal strings), never typed by the user.
 */
export function chainBountyFundingTransaction(bounty: {
  escrowAddress: string;
  chainIssueId: string;
  deadline: string;
  amount: string;
}): { to: string; data: string; value: string } {
  const deadline = BigInt(bounty.deadline);
  if (deadline >= 2n ** 64n) throw new RangeError('the deadline is not a uint64');
  return {
    to: bounty.escrowAddress,
    data: `${CREATE_ISSUE_SELECTOR}${word(BigInt(bounty.chainIssueId))}${word(deadline)}`,
    value: toQuantity(BigInt(bounty.amount)),
  };
}
