import type { CreatedBountyIssue } from '@openstake/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';

import { transactionSummary } from '../lib/transaction-summary';
import { CoinAmountField } from './coin-amount-field';
import { IssueCreatedBox, IssueFormErrorBox } from './issue-form-feedback';
import { IssueFormActions, SUBMITTING_LABEL } from './issue-form-actions';
import { IssueLabelsField } from './issue-labels-field';
import { TransactionSummaryCard } from './transaction-summary-card';

const noop = () => undefined;

describe('CoinAmountField', () => {
  const html = renderToStaticMarkup(
    createElement(CoinAmountField, {
      id: 'stake',
      name: 'stake',
      legend: 'Stake amount',
      presetPrefix: 'Stake',
      presets: [5, 10, 25, 50],
      inputLabel: 'Custom stake (coins)',
      hint: 'Returned on merge.',
      value: '25',
      onChange: noop,
    }),
  );

  it('labels the input and names each preset', () => {
    expect(html).toContain('<label');
    expect(html).toContain('for="stake"');
    expect(html).toContain('Custom stake (coins)');
    expect(html).toMatch(/<input[^>]*min="1"/);
    for (const preset of [5, 10, 25, 50]) {
      expect(html).toContain(`aria-label="Stake ${String(preset)} coins"`);
    }
  });

  it('presses the preset that matches the typed amount', () => {
    expect(html.match(/aria-pressed="true"/g)).toHaveLength(1);
    expect(html).toMatch(/aria-pressed="true" aria-label="Stake 25 coins"/);
  });
});

describe('IssueLabelsField', () => {
  it('offers the five selectable labels as named checkboxes', () => {
    const html = renderToStaticMarkup(
      createElement(IssueLabelsField, { id: 'labels', value: ['bug'], onChange: noop }),
    );
    for (const label of ['bug', 'enhancement', 'question', 'documentation', 'good first issue']) {
      expect(html).toContain(`>${label}</label>`);
    }
    expect(html.match(/role="checkbox"/g)).toHaveLength(5);
    expect(html.match(/aria-checked="true"/g)).toHaveLength(1);
  });
});

describe('TransactionSummaryCard', () => {
  it('shows stake, bounty, fee, what is paid now and the balance', () => {
    const html = renderToStaticMarkup(
      createElement(TransactionSummaryCard, {
        summary: transactionSummary('10', '250', 1000),
        balanceState: 'ready',
      }),
    );
    expect(html).toContain('Transaction Summary');
    expect(html).toMatch(/data-testid="summary-stake">10 coins/);
    expect(html).toMatch(/data-testid="summary-bounty">250 coins/);
    expect(html).toMatch(/data-testid="summary-fee">13 coins/);
    expect(html).toContain('Platform fee (5%)');
    expect(html).toMatch(/data-testid="summary-pay-now">263 coins/);
    expect(html).toMatch(/data-testid="summary-total-payout">260 coins/);
    expect(html).toMatch(/data-testid="summary-balance">1,000 coins/);
    expect(html).toMatch(/data-testid="summary-balance-after">737 coins/);
    expect(html).not.toContain('Insufficient coins');
  });

  it('warns when the balance is short', () => {
    const html = renderToStaticMarkup(
      createElement(TransactionSummaryCard, {
        summary: transactionSummary('10', '1000', 500),
        balanceState: 'ready',
      }),
    );
    expect(html).toContain(
      'Insufficient coins: this bounty needs 1,050 coins and your balance is 500.',
    );
  });

  it('says when the balance is loading or unavailable', () => {
    const render = (balanceState: 'loading' | 'error') =>
      renderToStaticMarkup(
        createElement(TransactionSummaryCard, {
          summary: transactionSummary('', '', null),
          balanceState,
        }),
      );
    expect(render('loading')).toContain('Loading...');
    expect(render('error')).toContain('Unavailable');
  });
});

describe('IssueFormActions', () => {
  const render = (isSubmitting: boolean, submitDisabled: boolean) =>
    renderToStaticMarkup(
      createElement(IssueFormActions, {
        submitLabel: 'Create Issue with Stake & Bounty',
        isSubmitting,
        submitDisabled,
        onCancel: noop,
      }),
    );

  it('offers Cancel and the submit button, disabled while a required field is blank', () => {
    const submit = (html: string) => /<button([^>]*type="submit"[^>]*)>([^<]*)</.exec(html);
    expect(submit(render(false, false))?.[2]).toBe('Create Issue with Stake &amp; Bounty');
    expect(submit(render(false, false))?.[1]).not.toContain('disabled=""');
    expect(submit(render(false, true))?.[1]).toContain('disabled=""');
    expect(render(false, false)).toContain('Cancel');
  });

  it("reads the product's text while submitting", () => {
    expect(SUBMITTING_LABEL).toBe('Creating on Blockchain & GitHub...');
    expect(render(true, false)).toContain('Creating on Blockchain &amp; GitHub...');
  });
});

describe('feedback boxes', () => {
  it('shows the error message', () => {
    const html = renderToStaticMarkup(
      createElement(IssueFormErrorBox, {
        id: 'err',
        message: 'Blockchain: Failed, Backend: Failed',
      }),
    );
    expect(html).toContain('role="alert"');
    expect(html).toContain('Blockchain: Failed, Backend: Failed');
  });

  it('offers to link GitHub when the server needs the account linked', () => {
    const html = renderToStaticMarkup(
      createElement(
        MemoryRouter,
        { initialEntries: ['/maintainer/new-issue'] },
        createElement(IssueFormErrorBox, {
          id: 'err',
          message: 'GitHub authentication required',
          githubRequired: true,
        }),
      ),
    );
    expect(html).toContain('id="err"');
    expect(html).toContain('GitHub authentication required');
    expect(html).toContain('Connect GitHub');
  });

  it('links the created issue and says which amounts are coins and which the chain’s currency', () => {
    const created: CreatedBountyIssue = {
      issueId: 1,
      number: 42,
      title: 'Fix',
      htmlUrl: 'https://github.com/acme/widgets/issues/42',
      stakeAmount: 10,
      bountyAmount: 100,
      fee: 5,
      balance: 895,
      chainBounty: {
        status: 'awaiting_funding',
        chainIssueId: '1',
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
      },
    };
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const html = renderToStaticMarkup(
      createElement(
        MemoryRouter,
        null,
        createElement(QueryClientProvider, { client }, createElement(IssueCreatedBox, { created })),
      ),
    );
    expect(html).toContain('Issue #42 created');
    expect(html).toContain(
      'Issue #42 created on GitHub with a 10-coin stake and a 100-coin bounty; 1.5 HBAR awaiting funding from your wallet',
    );
    expect(html).toContain(
      '105 coins held in escrow (bounty 100 + fee 5). Your balance: 895 coins.',
    );
    expect(html).toContain('Awaiting funding');
    expect(html).toContain('href="https://github.com/acme/widgets/issues/42"');
    expect(html).toContain('View issue #42 on GitHub');
  });
});
