import type { CreatedBountyIssue } from '@openstake/core';
import { describe, expect, it } from 'vitest';

import { createdIssueEscrowNote, createdIssueMessage } from './created-issue-message';

const created = (
  ledgerNetwork: CreatedBountyIssue['ledgerNetwork'],
  chainAmounts: CreatedBountyIssue['chainAmounts'] = null,
): CreatedBountyIssue => ({
  issueId: 9,
  number: 42,
  title: 'Fix it',
  htmlUrl: 'https://github.com/acme/widgets/issues/42',
  stakeAmount: 10,
  bountyAmount: 250,
  fee: 13,
  balance: 737,
  ledgerNetwork,
  blockchainIssueId: ledgerNetwork.status === 'not_configured' ? null : ledgerNetwork.id,
  txHash: ledgerNetwork.status === 'recorded' ? ledgerNetwork.txHash : null,
  chainAmounts,
});

describe('createdIssueMessage', () => {
  it("is the spec's text with the chain's amounts, the record id and 10 characters of the hash", () => {
    expect(
      createdIssueMessage(
        created(
          { status: 'recorded', id: '7', txHash: '0xabcdef0123456789', explorerUrl: null },
          { symbol: 'HBAR', stake: '10', bounty: '250' },
        ),
      ),
    ).toBe(
      'Issue #42 created on GitHub and blockchain (#7) with 10 HBAR stake and 250 HBAR bounty! TX: 0xabcdef01...',
    );
  });

  it('says a pending record will be retried, and why a failed one failed', () => {
    expect(
      createdIssueMessage(created({ status: 'pending', id: '7', lastError: 'HTTP 503' })),
    ).toBe(
      'Issue #42 created on GitHub with 10 coins stake and 250 coins bounty! Its blockchain record (#7) is pending and will be retried.',
    );
    expect(
      createdIssueMessage(
        created({ status: 'failed', id: '7', reason: 'the escrow contract refused: ZeroAmount' }),
      ),
    ).toBe(
      'Issue #42 created on GitHub with 10 coins stake and 250 coins bounty! Its blockchain record (#7) failed: the escrow contract refused: ZeroAmount',
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
