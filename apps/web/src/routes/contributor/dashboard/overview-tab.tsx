import { formatNumber } from '@openstake/core';
import type { DashboardProfile } from '@openstake/core';
import { Coins, FolderGit2, GitPullRequestArrow, Search, Zap } from 'lucide-react';
import { useLocation } from 'react-router';

import { PageLoading } from '@/components/page-loading';
import { QueryError } from '@/components/query-error';
import { StatCard } from '@/components/stat-card';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Avatar } from '@/components/ui/avatar';
import { buttonVariants } from '@/components/ui/button-variants';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { useErrorToast } from '@/lib/use-error-toast';
import {
  dashboardProfileErrorMessage,
  useDashboardProfile,
} from '@/features/contributor-profile/api/dashboard-profile';
import { RankBadge } from '@/components/rank-badge';
import { RankProgressBar } from '@/components/rank-progress-bar';
import { GithubAccountCard } from '@/features/github/components/github-account-card';
import { GithubIcon } from '@/features/github/components/github-icon';
import { GithubRequiredNotice } from '@/features/github/components/github-required-notice';
import { githubConnectUrl } from '@/features/github/lib/github-links';
import { AnalyzeRepositoriesButton } from '@/features/repository-analysis/components/analyze-repositories-button';

/** Overview: greeting, rank, four figures, progress, quick actions, GitHub link. */
export function OverviewTab({ onBrowseIssues }: { onBrowseIssues: () => void }) {
  const profile = useDashboardProfile();
  useErrorToast(
    profile.error,
    dashboardProfileErrorMessage,
    'Could not load the dashboard profile',
  );

  let body;
  if (profile.data) {
    body = <ProfileOverview data={profile.data} onBrowseIssues={onBrowseIssues} />;
  } else if (profile.isPending) {
    body = <PageLoading label="Loading your dashboard..." className="min-h-48" />;
  } else {
    body = (
      <QueryError
        title="We could not load your dashboard."
        description="Your stats are unavailable right now."
        isRetrying={profile.isFetching}
        onRetry={() => {
          void profile.refetch();
        }}
      />
    );
  }

  // The GitHub card waits for the profile: shown under the short loading state, it would be
  // pushed down (off a phone's screen) when the overview arrives, a layout shift.
  return (
    <div className="grid grid-cols-1 gap-6">
      {body}
      {!profile.isPending && <GithubAccountCard role="contributor" />}
    </div>
  );
}

function ProfileOverview({
  data,
  onBrowseIssues,
}: {
  data: DashboardProfile;
  onBrowseIssues: () => void;
}) {
  const { profile, stats } = data;
  const name = profile.name?.trim() ? profile.name : profile.login;
  const { pathname } = useLocation();
  // The four figures of the overview.
  const statCards = [
    {
      label: 'Virtual Coins',
      value: stats.coins,
      icon: Coins,
      tint: 'bg-amber-100 text-amber-700',
      testId: 'stat-coins',
    },
    {
      label: 'XP Points',
      value: stats.xp,
      icon: Zap,
      testId: 'stat-xp',
    },
    {
      label: 'Repositories',
      // Counted by GitHub: unknown until an account is linked, or while GitHub does not answer.
      value: profile.public_repos,
      icon: FolderGit2,
      tint: 'bg-sky-100 text-sky-700',
      testId: 'stat-repositories',
    },
    {
      label: 'Active Stakes',
      value: stats.activeBounties,
      icon: GitPullRequestArrow,
      tint: 'bg-emerald-100 text-emerald-700',
      testId: 'stat-active-stakes',
    },
  ];

  return (
    <>
      {data.github === 'not_linked' && (
        <GithubRequiredNotice
          reason="Connect your GitHub account below for suggested issues and your repositories."
          showConnect={false}
        />
      )}
      {data.github === 'unavailable' && (
        <Alert data-testid="github-unavailable">
          <GithubIcon aria-hidden="true" />
          <AlertTitle>GitHub is not answering for your account</AlertTitle>
          <AlertDescription>
            <p>
              Your avatar and repositories are missing for now. If you revoked OpenStake&apos;s
              access on GitHub, connect it again.
            </p>
            <a
              href={githubConnectUrl(pathname)}
              className={buttonVariants({ size: 'sm', variant: 'outline', className: 'mt-2' })}
            >
              <GithubIcon aria-hidden="true" />
              Connect GitHub again
            </a>
          </AlertDescription>
        </Alert>
      )}
      <Card className="py-5">
        <CardContent className="flex min-w-0 flex-col gap-4 sm:flex-row sm:items-center">
          {name && <Avatar src={profile.avatar_url} name={name} className="size-16 text-xl" />}
          <div className="grid min-w-0 gap-2">
            <h2 className="text-xl font-bold tracking-tight break-words sm:text-2xl">
              {name ? `Welcome back, ${name}!` : 'Welcome back!'}
            </h2>
            <div className="flex flex-wrap items-center gap-2 text-sm text-muted-foreground">
              <RankBadge rank={stats.rank} />
              {profile.login && <span className="wrap-anywhere">@{profile.login}</span>}
            </div>
          </div>
        </CardContent>
      </Card>

      <section
        aria-label="Your stats"
        className="grid grid-cols-1 gap-4 min-[420px]:grid-cols-2 lg:grid-cols-4"
      >
        {statCards.map((card) => (
          <StatCard
            key={card.testId}
            {...card}
            value={card.value === null ? '—' : formatNumber(card.value)}
          />
        ))}
      </section>

      <div className="grid grid-cols-1 gap-6 lg:grid-cols-3">
        <Card className="lg:col-span-2">
          <CardHeader>
            <CardTitle>Progress to Next Rank</CardTitle>
          </CardHeader>
          <CardContent>
            <RankProgressBar xp={stats.xp} />
          </CardContent>
        </Card>

        <Card>
          <CardHeader>
            <CardTitle>Quick Actions</CardTitle>
          </CardHeader>
          <CardContent className="grid gap-2">
            <AnalyzeRepositoriesButton label="Analyze My Repositories" />
            <Button variant="outline" onClick={onBrowseIssues}>
              <Search aria-hidden="true" />
              Browse Issues
            </Button>
          </CardContent>
        </Card>
      </div>
    </>
  );
}
