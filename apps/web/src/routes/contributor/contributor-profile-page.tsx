import { formatNumber, rankProgress } from '@openstake/core';
import { Coins, Settings, Target, Zap } from 'lucide-react';
import { Link } from 'react-router';

import { PageLoading } from '@/components/page-loading';
import { QueryError } from '@/components/query-error';
import { StatCard } from '@/components/stat-card';
import { buttonVariants } from '@/components/ui/button-variants';
import { Card, CardContent } from '@/components/ui/card';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { logOnly, useErrorToast } from '@/lib/use-error-toast';
import { useUser } from '@/features/auth/user-context';
import { useContributorProfile } from '@/features/contributor-profile/api/contributor-profile';
import { ProfileIdentity } from '@/features/contributor-profile/components/profile-identity';
import { ProfileLoadError } from '@/features/contributor-profile/components/profile-states';
import { ProfileToolbar } from '@/features/contributor-profile/components/profile-toolbar';
import { RankProgressBar } from '@/components/rank-progress-bar';
import { RankStatCard } from '@/features/contributor-profile/components/rank-stat-card';
import { SectionCard } from '@/components/section-card';
import { RepositoriesTab } from '@/features/repository-analysis/components/repositories-tab';
import { XpOverTimeCard } from '@/features/contributor-profile/components/xp-over-time-card';
import { AnalysisLanguages } from '@/features/repository-analysis/components/analysis-languages';
import { useStakes } from '@/features/stakes/api/stakes';
import { LoadMoreButton } from '@/components/load-more-button';
import { StakesHistory } from '@/features/stakes/components/stakes-history';

/** /contributor/profile: the signed-in contributor's own profile, from live data. */
export function ContributorProfilePage() {
  const { user } = useUser();
  const profile = useContributorProfile(user?.id);

  if (!profile.data) {
    if (profile.isError) {
      return (
        <ProfileLoadError
          error={profile.error}
          isRetrying={profile.isFetching}
          onRetry={() => {
            void profile.refetch();
          }}
        />
      );
    }
    return <PageLoading label="Loading your profile..." />;
  }
  const data = profile.data;
  const progress = rankProgress(data.xp);

  return (
    <div className="grid grid-cols-1 gap-6">
      <ProfileToolbar>
        <Link to="/contributor/settings" className={buttonVariants({ variant: 'outline' })}>
          <Settings aria-hidden="true" />
          Edit Profile
        </Link>
      </ProfileToolbar>
      <h1 className="sr-only">My Profile</h1>

      <div className="grid grid-cols-1 gap-6 lg:grid-cols-[20rem_minmax(0,1fr)]">
        <aside className="grid content-start gap-6" aria-label="About me">
          <Card>
            <CardContent>
              <ProfileIdentity profile={data} />
            </CardContent>
          </Card>
          <SectionCard title="Top Languages">
            <AnalysisLanguages limit={5} />
          </SectionCard>
        </aside>

        <Tabs defaultValue="profile" className="content-start">
          <TabsList aria-label="Profile sections">
            <TabsTrigger value="profile">Profile</TabsTrigger>
            <TabsTrigger value="repositories">Repositories</TabsTrigger>
          </TabsList>

          <TabsContent value="profile" className="grid grid-cols-1 gap-6">
            <section aria-label="Stats" className="grid grid-cols-1 gap-4 min-[420px]:grid-cols-2">
              <StatCard
                label="Coins"
                value={formatNumber(data.coins)}
                icon={Coins}
                tint="bg-amber-100 text-amber-700"
              />
              <StatCard label="XP Level" value={formatNumber(data.xp)} icon={Zap} />
              <RankStatCard rank={data.rank} />
              <StatCard
                label="XP to Next Rank"
                value={progress.next === null ? 'Max' : formatNumber(progress.toGo)}
                icon={Target}
                tint="bg-emerald-100 text-emerald-700"
              />
            </section>

            <RankProgressBar xp={data.xp} />

            <XpOverTimeCard history={data.xpHistory} />

            <SectionCard title="Stakes History">
              <MyStakesHistory />
            </SectionCard>
          </TabsContent>

          <RepositoriesTab />
        </Tabs>
      </div>
    </div>
  );
}

function MyStakesHistory() {
  const stakes = useStakes();
  useErrorToast(stakes.error, logOnly, 'Could not load stakes');
  if (stakes.data) {
    return (
      <div className="grid gap-3">
        <StakesHistory stakes={stakes.data} />
        <LoadMoreButton pages={stakes} />
      </div>
    );
  }
  if (stakes.isPending) return <PageLoading label="Loading your stakes..." className="min-h-24" />;
  return (
    <QueryError
      title="We could not load your stakes."
      isRetrying={stakes.isFetching}
      onRetry={() => {
        void stakes.refetch();
      }}
    />
  );
}
