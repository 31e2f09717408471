import { xpToNextRank } from '@openstake/core';
import { ArrowLeft, Coins, Settings, Target, Trophy, Zap } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';

import { PageLoading } from '../../components/page-loading';
import { QueryError } from '../../components/query-error';
import { StatCard } from '../../components/stat-card';
import { buttonVariants } from '../../components/ui/button-variants';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../components/ui/tabs';
import { formatNumber } from '../../lib/format-date';
import { logOnly, useErrorToast } from '../../lib/use-error-toast';
import { useUser } from '../../features/auth/user-context';
import { useContributorProfile } from '../../features/contributor-profile/api/contributor-profile';
import { ProfileIdentity } from '../../features/contributor-profile/components/profile-identity';
import { ProfileProgress } from '../../features/contributor-profile/components/profile-progress';
import { XpChart } from '../../features/contributor-profile/components/xp-chart';
import { AnalysisLanguages } from '../../features/repository-analysis/components/analysis-languages';
import { AnalysisRepositories } from '../../features/repository-analysis/components/analysis-repositories';
import { useStakes } from '../../features/stakes/api/stakes';
import { StakesHistory } from '../../features/stakes/components/stakes-history';
import { ProfileLoadError } from './profile-states';

type ProfileTab = 'profile' | 'repositories';

/** /contributor/profile (spec 000 s2): the signed-in contributor's own profile, from live data. */
export function ContributorProfilePage() {
  const { user } = useUser();
  const profile = useContributorProfile(user?.id);
  const [tab, setTab] = useState<ProfileTab>('profile');

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
  const toNext = xpToNextRank(data.xp);

  return (
    <div className="grid grid-cols-1 gap-6">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <Link
          to="/contributor/dashboard"
          className={buttonVariants({ variant: 'ghost', className: '-ml-3' })}
        >
          <ArrowLeft aria-hidden="true" />
          Back to Dashboard
        </Link>
        <Link to="/contributor/settings" className={buttonVariants({ variant: 'outline' })}>
          <Settings aria-hidden="true" />
          Edit Profile
        </Link>
      </div>
      <h1 className="sr-only">My Profile</h1>

      <div className="grid grid-cols-1 gap-6 lg:grid-cols-[20rem_minmax(0,1fr)]">
        <aside className="grid content-start gap-6" aria-label="About me">
          <Card>
            <CardContent>
              <ProfileIdentity profile={data} />
            </CardContent>
          </Card>
          <Card>
            <CardHeader>
              <CardTitle>Top Languages</CardTitle>
            </CardHeader>
            <CardContent>
              <AnalysisLanguages limit={5} />
            </CardContent>
          </Card>
        </aside>

        <Tabs
          value={tab}
          onValueChange={(next) => {
            if (next === 'profile' || next === 'repositories') setTab(next);
          }}
          className="content-start"
        >
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
              <StatCard
                label="Rank"
                value={<span className="text-base sm:text-lg">{data.rank}</span>}
                icon={Trophy}
                tint="bg-purple-100 text-purple-700"
              />
              <StatCard
                label="XP to Next Rank"
                value={toNext === 'Max' ? 'Max' : formatNumber(toNext)}
                icon={Target}
                tint="bg-emerald-100 text-emerald-700"
              />
            </section>

            <ProfileProgress xp={data.xp} />

            <Card>
              <CardHeader>
                <CardTitle>XP Over Time</CardTitle>
              </CardHeader>
              <CardContent>
                <XpChart history={data.xpHistory} />
              </CardContent>
            </Card>

            <Card>
              <CardHeader>
                <CardTitle>Stakes History</CardTitle>
              </CardHeader>
              <CardContent>
                <MyStakesHistory />
              </CardContent>
            </Card>
          </TabsContent>

          <TabsContent value="repositories">
            <Card>
              <CardHeader>
                <CardTitle>Repositories</CardTitle>
              </CardHeader>
              <CardContent>
                <AnalysisRepositories />
              </CardContent>
            </Card>
          </TabsContent>
        </Tabs>
      </div>
    </div>
  );
}

function MyStakesHistory() {
  const stakes = useStakes();
  useErrorToast(stakes.error, logOnly, 'Could not load stakes');
  if (stakes.data) return <StakesHistory stakes={stakes.data} />;
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
