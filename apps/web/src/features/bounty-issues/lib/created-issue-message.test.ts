import type { CreatedBountyIssue } from '@openstake/core';
import { describe, expect, it } from 'vitest';

import { createdIssueEscrowNote, createdIssueMessage } from './created-issue-message';

const created = (ledgerNetwork: CreatedBountyIssue['ledgerNetwork']): CreatedBountyIssue => ({
  issueId: 9,
  number: 42,
  title: 'Fix it',
  htmlUrl: 'https://github.com/acme/widgets/issues/42',
  stakeAmount: 10,
  bountyAmount: 250,
  fee: 13,
  balance: 737,
  ledgerNetwork,
});

describe('createdIssueMessage', () => {
  it('names the ledger record and the first 10 characters of its transaction', () => {
    expect(
      createdIssueMessage(created({ status: 'recorded', id: '7', txHash: '0xabcdef0123456789' })),
    ).toBe(
      'Issue #42 created on GitHub and the ledger network (#7) with 10 coins stake and 250 coins bounty! TX: 0xabcdef01...',
    );
  });

  it('says so when no ledger network is configured', () => {
    expect(
      createdIssueMessage(created({ status: 'not_configured', message: 'No chain configured' })),
    ).toBe(
      'Issue #42 created on GitHub with 10 coins stake and 250 coins bounty! The ledger network is not configured, so no ledger record was made.',
    );
  });
});

describe('createdIssueEscrowNote', () => {
  it('shows what was escrowed and the balance left', () => {
    expect(createdIssueEscrowNote(created({ status: 'not_configured', message: '' }))).toBe(
      '263 coins held in escrow (bounty 250 + fee 13). Your balance: 737 coins.',
    );
  });
});
