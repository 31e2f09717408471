import { dashboardPath, formatNumber, type SessionUser } from '@openstake/core';
import { ArrowLeft, Zap } from 'lucide-react';
import { Link, useParams } from 'react-router';

import { StatCard } from '@/components/stat-card';
import { buttonVariants } from '@/components/ui/button-variants';
import { Card, CardContent } from '@/components/ui/card';
import { useUser } from '@/features/auth/user-context';
import { useContributorProfile } from '@/features/contributor-profile/api/contributor-profile';
import { ProfileIdentity } from '@/features/contributor-profile/components/profile-identity';
import { ProfilePageFallback } from '@/features/contributor-profile/components/profile-states';
import { PRIVATE_PROFILE } from '@/features/contributor-profile/lib/profile-display';
import { RankProgressBar } from '@/components/rank-progress-bar';
import { RankStatCard } from '@/features/contributor-profile/components/rank-stat-card';
import { SectionCard } from '@/components/section-card';
import { XpOverTimeCard } from '@/features/contributor-profile/components/xp-over-time-card';
import { AnalysisLanguages } from '@/features/repository-analysis/components/analysis-languages';
import { GithubUserVouchesCard } from '@/features/maintainer-repositories/components/github-user-vouches';

/**
 * /contributor/profile/:id/public: how maintainers and recruiters see a contributor, open to
 * anyone (signed out, or any role). Read-only and without private details (no email, no coins).
 * A contributor who hides is shown to themselves only; anyone else reads 'This profile is
 * private', which is also what an unknown id says (the server answers both alike). Languages
 * come from the signed-in user's own analysis, so they show only on one's own public profile;
 * the API has no per-user analysis for others. A maintainer also sees what maintainers said of
 * the contributor's GitHub account across repositories (decision 015); nobody else does.
 */
export function PublicProfilePage() {
  const { id } = useParams();
  const { user } = useUser();
  const profile = useContributorProfile(id);
  const isOwn = Boolean(id) && id === user?.id;
  const back = backLink(user, isOwn);

  if (!profile.data) {
    return (
      <ProfilePageFallback
        header={back}
        profile={profile}
        loadingLabel="Loading profile..."
        action={back ? null : homeLink}
        missing={PRIVATE_PROFILE}
      />
    );
  }
  const data = profile.data;

  return (
    <div className="grid grid-cols-1 gap-6">
      {back}
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-[20rem_minmax(0,1fr)]">
        <aside className="grid content-start gap-6" aria-label="About">
          <Card>
            <CardContent>
              <ProfileIdentity profile={data} headingLevel="h1" />
            </CardContent>
          </Card>
          {isOwn && (
            <SectionCard title="Top Languages">
              <AnalysisLanguages limit={5} canAnalyze={false} />
            </SectionCard>
          )}
        </aside>
        <div className="grid min-w-0 grid-cols-1 content-start gap-6">
          <section aria-label="Stats" className="grid grid-cols-1 gap-4 min-[420px]:grid-cols-2">
            <StatCard label="XP" value={formatNumber(data.xp)} icon={Zap} />
            <RankStatCard rank={data.rank} />
          </section>
          <RankProgressBar xp={data.xp} />
          <XpOverTimeCard history={data.xpHistory} />
          {user?.role === 'maintainer' && data.githubUsername && (
            <GithubUserVouchesCard login={data.githubUsername} />
          )}
        </div>
      </div>
    </div>
  );
}

const homeLink = (
  <Link to="/" className={buttonVariants()}>
    <ArrowLeft aria-hidden="true" />
    Back to Home
  </Link>
);

/** Back to one's settings from one's own profile, to one's dashboard from another's; none signed out. */
function backLink(user: SessionUser | null, isOwn: boolean) {
  if (!user) return null;
  return (
    <Link
      to={isOwn ? '/contributor/settings' : dashboardPath(user.role)}
      className={buttonVariants({ variant: 'ghost', className: '-ml-3 w-fit' })}
    >
      <ArrowLeft aria-hidden="true" />
      {isOwn ? 'Back to Settings' : 'Back to Dashboard'}
    </Link>
  );
}
