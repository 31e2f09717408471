import { ExternalLink as ExternalLinkIcon } from 'lucide-react';

import { ExternalLink } from '@/components/external-link';
import { cn } from '@/lib/utils';
import { stakeOutcome, type SettledFigures, type StakeTone } from '../lib/stake-display';

const TONE_CLASSES: Record<StakeTone, string> = {
  positive: 'text-success',
  negative: 'text-destructive',
  neutral: 'text-muted-foreground',
  pending: 'text-warning',
};

/** What a stake came to: '+50 coins' and '+25 XP', '-1 coin' and '4 coins refunded', '5 coins refunded in full', or 'Pending'. */
export function StakeOutcomeFigures({
  stake,
  className,
}: {
  stake: SettledFigures;
  className?: string;
}) {
  const outcome = stakeOutcome(stake);
  return (
    <div
      className={cn(
        'grid gap-0.5 font-semibold tabular-nums',
        TONE_CLASSES[outcome.tone],
        className,
      )}
      data-testid="stake-outcome"
    >
      <span>{outcome.primary}</span>
      {outcome.secondary && (
        <span
          className={cn(
            'text-sm',
            // What came back after a deduction is no loss: it is not shown in the loss's red.
            outcome.tone === 'negative' && 'font-normal text-muted-foreground',
          )}
        >
          {outcome.secondary}
        </span>
      )}
      {outcome.bounty && <span className="text-sm font-normal">{outcome.bounty}</span>}
      {outcome.note && (
        <span className="text-xs font-normal text-muted-foreground">{outcome.note}</span>
      )}
    </div>
  );
}

/** 'View Pull Request', opening the stake's pull request on GitHub in a new tab. */
export function PullRequestLink({ href }: { href: string }) {
  return (
    <ExternalLink
      href={href}
      className="inline-flex w-fit items-center gap-1 rounded-sm text-sm font-medium text-primary underline-offset-4 outline-none hover:underline focus-visible:ring-[3px] focus-visible:ring-ring/50"
    >
      View Pull Request
      <ExternalLinkIcon aria-hidden="true" className="size-3.5" />
    </ExternalLink>
  );
}
