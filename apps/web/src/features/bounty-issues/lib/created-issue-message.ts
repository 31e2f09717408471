import type { CreatedBountyIssue } from '@openstake/core';

/** How many characters of the transaction hash the toast shows (spec 001 s8). */
export const TX_HASH_PREVIEW_LENGTH = 10;

/**
 * The success toast (spec 001 s8), in coins rather than HBAR, and honest about the ledger
 * network: a record id and the start of its transaction hash when one was written, a plain
 * 'not configured' when no network is set up.
 */
export function createdIssueMessage(created: CreatedBountyIssue): string {
  const amounts = `with ${String(created.stakeAmount)} coins stake and ${String(created.bountyAmount)} coins bounty!`;
  const { ledgerNetwork } = created;
  if (ledgerNetwork.status === 'recorded') {
    return `Issue #${String(created.number)} created on GitHub and the ledger network (#${ledgerNetwork.id}) ${amounts} TX: ${ledgerNetwork.txHash.slice(0, TX_HASH_PREVIEW_LENGTH)}...`;
  }
  return `Issue #${String(created.number)} created on GitHub ${amounts} The ledger network is not configured, so no ledger record was made.`;
}

/** The second line: what left the maintainer's coins and what is left. */
export function createdIssueEscrowNote(created: CreatedBountyIssue): string {
  return `${String(created.bountyAmount + created.fee)} coins held in escrow (bounty ${String(created.bountyAmount)} + fee ${String(created.fee)}). Your balance: ${String(created.balance)} coins.`;
}
