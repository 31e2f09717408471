import type { LedgerNetworkRecord } from '@openstake/core';

/**
 * The ledger network (Hedera / an EVM chain) where a bounty issue is also recorded (DESIGN.md s5:
 * written to GitHub and to the network in parallel). The wallet and the escrow contract come in a
 * later issue; until then the only implementation says it is not configured, and bounty issues are
 * created on GitHub and in OpenStake's own ledger alone.
 */
export interface LedgerNetwork {
  /** Records the issue on the network; throws when the network refuses or cannot be reached. */
  recordIssue(input: {
    repository: string;
    title: string;
    stakeAmount: number;
    bountyAmount: number;
  }): Promise<LedgerNetworkRecord>;
  /** Undoes a record whose GitHub side failed. */
  cancelIssue(id: string): Promise<void>;
}

export const LEDGER_NETWORK_NOT_CONFIGURED =
  'The ledger network is not configured yet; the bounty is held in OpenStake coins';

export const notConfiguredLedgerNetwork: LedgerNetwork = {
  recordIssue: () =>
    Promise.resolve({ status: 'not_configured', message: LEDGER_NETWORK_NOT_CONFIGURED }),
  cancelIssue: () => Promise.resolve(),
};
