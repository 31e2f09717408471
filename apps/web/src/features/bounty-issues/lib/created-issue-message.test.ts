import type { ChainBounty, CreatedBountyIssue } from '@openstake/core';
import { describe, expect, it } from 'vitest';

import { createdIssueEscrowNote, createdIssueMessage } from './created-issue-message';

const chainBounty: ChainBounty = {
  status: 'awaiting_funding',
  chainIssueId: '9',
  amount: '1500000000000000000',
  amountDisplay: '1.5',
  symbol: 'HBAR',
  deadline: '4102444800',
  escrowAddress: `0x${'12'.repeat(20)}`,
  chainId: 296,
  funder: null,
  fundingTx: null,
  endTx: null,
  note: null,
};

const created = (overrides: Partial<CreatedBountyIssue> = {}): CreatedBountyIssue => ({
  issueId: 9,
  number: 12,
  title: 'Fix it',
  htmlUrl: 'https://github.com/acme/widgets/issues/12',
  stakeAmount: 25,
  bountyAmount: 250,
  fee: 13,
  balance: 737,
  chainBounty: null,
  ...overrides,
});

describe('createdIssueMessage', () => {
  it('says the stake and the bounty are coins, and nothing of any chain without a chain bounty', () => {
    expect(createdIssueMessage(created())).toBe(
      'Issue #12 created on GitHub with a 25-coin stake and a 250-coin bounty',
    );
  });

  it("says a chain bounty is the chain's currency, awaiting funding from the maintainer's wallet", () => {
    expect(createdIssueMessage(created({ chainBounty }))).toBe(
      'Issue #12 created on GitHub with a 25-coin stake and a 250-coin bounty; 1.5 HBAR awaiting funding from your wallet',
    );
  });
});

describe('createdIssueEscrowNote', () => {
  it('shows the coins escrowed and the balance left', () => {
    expect(createdIssueEscrowNote(created())).toBe(
      '263 coins held in escrow (bounty 250 + fee 13). Your balance: 737 coins.',
    );
    expect(createdIssueEscrowNote(created({ bountyAmount: 1, fee: 0, balance: 1 }))).toBe(
      '1 coin held in escrow (bounty 1 + fee 0). Your balance: 1 coin.',
    );
  });
});
