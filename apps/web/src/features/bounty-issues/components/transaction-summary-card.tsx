import { BOUNTY_FEE_PERCENT, formatNumber } from '@openstake/core';
import { AlertTriangle } from 'lucide-react';
import type { ReactNode } from 'react';

import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { cn } from '@/lib/utils';
import type { TransactionSummary } from '../lib/transaction-summary';

const coins = (value: number | null): string =>
  value === null ? '—' : `${formatNumber(value)} coins`;

function Row({
  label,
  value,
  note,
  strong = false,
  testId,
}: {
  label: string;
  value: ReactNode;
  note?: string;
  strong?: boolean;
  testId?: string;
}) {
  return (
    <div className={cn('flex items-start justify-between gap-3', strong && 'border-t pt-2')}>
      <dt className="grid gap-0.5">
        <span className={strong ? 'font-medium' : 'text-muted-foreground'}>{label}</span>
        {note && <span className="text-xs text-muted-foreground">{note}</span>}
      </dt>
      <dd
        className={cn(
          'text-right whitespace-nowrap tabular-nums',
          strong ? 'font-semibold' : 'font-medium',
        )}
        data-testid={testId}
      >
        {value}
      </dd>
    </div>
  );
}

interface TransactionSummaryCardProps {
  summary: TransactionSummary;
  /** The balance is loading (null summary.balance) or failed to load. */
  balanceState: 'ready' | 'loading' | 'error';
  /** The ledger network's currency, when the server has one (a chain bounty may be asked for). */
  chainSymbol?: string | null;
}

/**
 * The Transaction Summary, in coins: what the contributor stakes, what the bounty
 * costs the maintainer now (bounty + 5 % fee) against their balance, and what the winner gets.
 * A chain bounty is apart, in the chain's currency: it never touches the coins.
 */
export function TransactionSummaryCard({
  summary,
  balanceState,
  chainSymbol = null,
}: TransactionSummaryCardProps) {
  let balance: string;
  if (balanceState === 'loading') balance = 'Loading...';
  else if (balanceState === 'error' || summary.balance === null) balance = 'Unavailable';
  else balance = coins(summary.balance);

  return (
    <Card className="gap-4" aria-labelledby="transaction-summary-title" role="region">
      <CardHeader>
        <CardTitle id="transaction-summary-title" className="text-base">
          Transaction Summary
        </CardTitle>
        <CardDescription>
          {chainSymbol
            ? `Coins are OpenStake's; a chain bounty is ${chainSymbol}, from your own wallet.`
            : 'Amounts are in coins.'}
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-3 text-sm">
        <dl className="grid gap-2" data-testid="transaction-summary">
          <Row
            label="Stake"
            value={coins(summary.stake)}
            note="Paid by the contributor who takes the issue, returned when their PR is merged"
            testId="summary-stake"
          />
          <Row label="Bounty" value={coins(summary.bounty)} testId="summary-bounty" />
          <Row
            label={`Platform fee (${String(BOUNTY_FEE_PERCENT)}%)`}
            value={coins(summary.fee)}
            testId="summary-fee"
          />
          <Row
            label="You pay now"
            value={coins(summary.payNow)}
            note="Bounty + fee, held in escrow until a pull request is merged"
            strong
            testId="summary-pay-now"
          />
          <Row
            label="Winner receives"
            value={coins(summary.totalPayout)}
            note="Stake back + bounty"
            testId="summary-total-payout"
          />
          <Row label="Your balance" value={balance} strong testId="summary-balance" />
          <Row
            label="Balance after"
            value={coins(summary.balanceAfter)}
            testId="summary-balance-after"
          />
        </dl>
        {chainSymbol && summary.chainBounty !== null && (
          <dl className="grid gap-2 border-t pt-2" data-testid="chain-bounty-summary">
            <Row
              label="Chain bounty"
              value={`${summary.chainBounty} ${chainSymbol}`}
              note="Not coins: paid in from your wallet after the issue is created"
              testId="summary-chain-bounty"
            />
          </dl>
        )}
        {summary.insufficient && summary.payNow !== null && summary.balance !== null && (
          <p
            role="status"
            className="flex items-start gap-1.5 rounded-md bg-destructive/10 p-2 text-xs text-destructive"
            data-testid="insufficient-coins"
          >
            <AlertTriangle aria-hidden="true" className="mt-px size-3.5 shrink-0" />
            Insufficient coins: this bounty needs {formatNumber(summary.payNow)} coins and your
            balance is {formatNumber(summary.balance)}.
          </p>
        )}
      </CardContent>
    </Card>
  );
}
