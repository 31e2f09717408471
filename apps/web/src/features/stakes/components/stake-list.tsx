import type { Stake } from '@openstake/core';
import { ExternalLink as ExternalLinkIcon } from 'lucide-react';

import { ExternalLink } from '../../../components/external-link';
import { formatDate } from '../../../lib/format-date';
import { cn } from '../../../lib/utils';
import { stakeOutcome, type StakeTone } from '../lib/stake-display';
import { StakeStatusBadge } from './stake-status-badge';

const TONE_CLASSES: Record<StakeTone, string> = {
  positive: 'text-success',
  negative: 'text-destructive',
  neutral: 'text-muted-foreground',
  pending: 'text-warning',
};

/** The dashboard's My Stakes rows (spec 000 s2), newest first as the server sends them. */
export function StakeList({ stakes }: { stakes: readonly Stake[] }) {
  return (
    <ul className="grid gap-3" aria-label="My stakes">
      {stakes.map((stake) => {
        const outcome = stakeOutcome(stake);
        return (
          <li
            key={stake._id}
            data-testid="stake-row"
            className="flex flex-col gap-3 rounded-xl border bg-card p-4 shadow-sm sm:flex-row sm:items-start sm:justify-between"
          >
            <div className="grid min-w-0 gap-1.5">
              <div className="flex flex-wrap items-center gap-2">
                <StakeStatusBadge status={stake.status} />
                <span className="font-semibold">Issue #{stake.issueNumber}</span>
              </div>
              <p className="font-medium break-words">{stake.issueTitle}</p>
              <p className="text-sm wrap-anywhere text-muted-foreground">{stake.repository}</p>
              <p className="flex flex-wrap gap-x-3 gap-y-1 text-sm text-muted-foreground">
                <span>Staked: {stake.amount} coins</span>
                <span>
                  <time dateTime={stake.createdAt}>{formatDate(stake.createdAt)}</time>
                </span>
              </p>
              <ExternalLink
                href={stake.prUrl}
                className="inline-flex w-fit items-center gap-1 rounded-sm text-sm font-medium text-primary underline-offset-4 outline-none hover:underline focus-visible:ring-[3px] focus-visible:ring-ring/50"
              >
                View Pull Request
                <ExternalLinkIcon aria-hidden="true" className="size-3.5" />
              </ExternalLink>
            </div>
            <div
              className={cn(
                'grid shrink-0 gap-0.5 text-left font-semibold tabular-nums sm:text-right',
                TONE_CLASSES[outcome.tone],
              )}
              data-testid="stake-outcome"
            >
              <span>{outcome.primary}</span>
              {outcome.secondary && <span className="text-sm">{outcome.secondary}</span>}
              {outcome.bounty && <span className="text-sm font-normal">{outcome.bounty}</span>}
            </div>
          </li>
        );
      })}
    </ul>
  );
}
