import type { CreatedBountyIssue } from '@openstake/core';

/** How many characters of the transaction hash the toast shows (spec 001 s8). */
export const TX_HASH_PREVIEW_LENGTH = 10;

/** A transaction hash's first characters, as the spec's toast shows them ('TX: {hash}...'). */
export const txPreview = (hash: string): string => `${hash.slice(0, TX_HASH_PREVIEW_LENGTH)}...`;

/**
 * The success toast (spec 001 s8), honest about the ledger network: when the chain recorded the
 * issue, the spec's text with the amounts in the chain's currency, the record id and the start of
 * its transaction hash; otherwise the amounts in coins and what became of the record (pending and
 * retried, failed and why, or no network configured).
 */
export function createdIssueMessage(created: CreatedBountyIssue): string {
  const { ledgerNetwork, chainAmounts } = created;
  const issue = `Issue #${String(created.number)}`;
  const coins = `with ${String(created.stakeAmount)} coins stake and ${String(created.bountyAmount)} coins bounty!`;
  switch (ledgerNetwork.status) {
    case 'recorded': {
      const amounts = chainAmounts
        ? `with ${chainAmounts.stake} ${chainAmounts.symbol} stake and ${chainAmounts.bounty} ${chainAmounts.symbol} bounty!`
        : coins;
      return `${issue} created on GitHub and blockchain (#${ledgerNetwork.id}) ${amounts} TX: ${txPreview(ledgerNetwork.txHash)}`;
    }
    case 'pending':
      return `${issue} created on GitHub ${coins} Its blockchain record (#${ledgerNetwork.id}) is pending and will be retried.`;
    case 'failed':
      return `${issue} created on GitHub ${coins} Its blockchain record (#${ledgerNetwork.id}) failed: ${ledgerNetwork.reason}`;
    case 'not_configured':
      return `${issue} created on GitHub ${coins} The ledger network is not configured, so no ledger record was made.`;
  }
}

/** The second line: what left the maintainer's coins and what is left. */
export function createdIssueEscrowNote(created: CreatedBountyIssue): string {
  return `${String(created.bountyAmount + created.fee)} coins held in escrow (bounty ${String(created.bountyAmount)} + fee ${String(created.fee)}). Your balance: ${String(created.balance)} coins.`;
}
