import { formatCoins, type ChainBounty, type CreatedBountyIssue } from '@openstake/core';

/** How many characters of a transaction hash are shown ('TX: {hash}...'). */
export const TX_HASH_PREVIEW_LENGTH = 10;

/** A transaction hash's first characters, as the toast shows them ('TX: {hash}...'). */
export const txPreview = (hash: string): string => `${hash.slice(0, TX_HASH_PREVIEW_LENGTH)}...`;

/** A chain bounty's amount in the chain's currency: '1.5 HBAR'. Never coins. */
export const chainAmountText = (bounty: Pick<ChainBounty, 'amountDisplay' | 'symbol'>): string =>
  `${bounty.amountDisplay} ${bounty.symbol}`;

/**
 * The success toast and box: which money is which. The stake and the bounty are coins, held by
 * OpenStake now; a chain bounty is the chain's currency, which the maintainer's own wallet pays in
 * afterwards, so it is said to be awaiting that funding.
 */
export function createdIssueMessage(created: CreatedBountyIssue): string {
  const coins = `with a ${String(created.stakeAmount)}-coin stake and a ${String(created.bountyAmount)}-coin bounty`;
  const chain = created.chainBounty
    ? `; ${chainAmountText(created.chainBounty)} awaiting funding from your wallet`
    : '';
  return `Issue #${String(created.number)} created on GitHub ${coins}${chain}`;
}

/** The second line: what left the maintainer's coins and what is left. */
export function createdIssueEscrowNote(created: CreatedBountyIssue): string {
  return `${formatCoins(created.bountyAmount + created.fee)} held in escrow (bounty ${String(created.bountyAmount)} + fee ${String(created.fee)}). Your balance: ${formatCoins(created.balance)}.`;
}
