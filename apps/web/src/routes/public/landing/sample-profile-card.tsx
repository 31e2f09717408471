import { formatNumber, landingRankForXp, rankProgress } from '@openstake/core';
import { Coins, GitMerge, Sparkles } from 'lucide-react';

import { Avatar } from '@/components/ui/avatar';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent, CardHeader } from '@/components/ui/card';
import { Progress } from '@/components/ui/progress';
import { SAMPLE_PROFILE, type SampleStakeStatus } from './landing-content';

const STATUS_VARIANT: Record<SampleStakeStatus, 'success' | 'warning' | 'secondary'> = {
  Merged: 'success',
  'Under review': 'warning',
  'Ready to stake': 'secondary',
};

/** Illustrative data only. */
export function SampleProfileCard() {
  const profile = SAMPLE_PROFILE;
  const rank = landingRankForXp(profile.xp);
  const progress = rankProgress(profile.xp);
  const nextRankXp = progress.next;
  const nextRank = nextRankXp === null ? null : landingRankForXp(nextRankXp);
  return (
    <Card
      className="w-full max-w-md gap-5 shadow-xl shadow-primary/10"
      role="group"
      aria-label="Sample contributor profile"
      data-testid="sample-profile-card"
    >
      <CardHeader className="grid-cols-[auto_1fr] items-center gap-x-3">
        <Avatar name={profile.name} className="size-12 text-lg" />
        <div className="min-w-0">
          <p className="truncate font-semibold">{profile.name}</p>
          <p className="truncate text-sm text-muted-foreground">@{profile.login}</p>
        </div>
      </CardHeader>
      <CardContent className="grid gap-5">
        <dl className="grid grid-cols-3 gap-2 text-center">
          <div className="rounded-lg bg-muted p-2">
            <dt className="text-xs text-muted-foreground">Rank</dt>
            <dd className="mt-1 text-sm font-semibold">{rank}</dd>
          </div>
          <div className="rounded-lg bg-muted p-2">
            <dt className="text-xs text-muted-foreground">XP</dt>
            <dd className="mt-1 inline-flex items-center gap-1 text-sm font-semibold">
              <Sparkles aria-hidden="true" className="size-3.5 text-primary" />
              {formatNumber(profile.xp)}
            </dd>
          </div>
          <div className="rounded-lg bg-muted p-2">
            <dt className="text-xs text-muted-foreground">Coins</dt>
            <dd className="mt-1 inline-flex items-center gap-1 text-sm font-semibold">
              <Coins aria-hidden="true" className="size-3.5 text-warning" />
              {formatNumber(profile.coins)}
            </dd>
          </div>
        </dl>

        {nextRankXp !== null && nextRank !== null && (
          <div className="grid gap-1.5">
            <div className="flex justify-between text-xs text-muted-foreground">
              <span>Progress to {nextRank}</span>
              <span>
                {formatNumber(profile.xp)} / {formatNumber(nextRankXp)} XP
              </span>
            </div>
            <Progress
              value={progress.percent}
              aria-label={`Progress to ${nextRank}`}
              className="bg-muted"
            />
          </div>
        )}

        <div className="grid gap-2">
          {/* A label, not a heading: the card sits in the hero, under its h1, as an illustration. */}
          <p id="sample-recent-stakes" className="text-sm font-semibold">
            Recent stakes
          </p>
          <ul aria-labelledby="sample-recent-stakes" className="grid gap-2">
            {profile.stakes.map((stake) => (
              <li
                key={stake.title}
                className="flex items-center justify-between gap-3 rounded-lg border p-3"
              >
                <div className="grid min-w-0 gap-1">
                  <p className="flex items-start gap-1.5 text-sm font-medium">
                    <GitMerge
                      aria-hidden="true"
                      className="mt-0.5 size-3.5 shrink-0 text-muted-foreground"
                    />
                    <span className="line-clamp-2">{stake.title}</span>
                  </p>
                  <Badge variant={STATUS_VARIANT[stake.status]}>{stake.status}</Badge>
                </div>
                <span className="shrink-0 text-sm font-semibold tabular-nums">
                  {stake.coins} coins
                </span>
              </li>
            ))}
          </ul>
        </div>
      </CardContent>
    </Card>
  );
}
