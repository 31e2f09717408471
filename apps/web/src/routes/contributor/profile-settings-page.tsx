import { formatNumber } from '@openstake/core';
import type { ContributorProfile } from '@openstake/core';
import { CalendarDays, Eye, Mail, MapPin } from 'lucide-react';
import { useId, type ReactNode } from 'react';
import { Link, useLocation } from 'react-router';

import { Avatar } from '@/components/ui/avatar';
import { buttonVariants } from '@/components/ui/button-variants';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Separator } from '@/components/ui/separator';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { formatDate } from '@/lib/format-date';
import { useUser } from '@/features/auth/user-context';
import { useContributorProfile } from '@/features/contributor-profile/api/contributor-profile';
import { ProfileForm } from '@/features/contributor-profile/components/profile-form';
import { ProfilePageFallback } from '@/features/contributor-profile/components/profile-states';
import { ProfileToolbar } from '@/features/contributor-profile/components/profile-toolbar';
import { RankBadge } from '@/components/rank-badge';
import { RankProgressBar } from '@/components/rank-progress-bar';
import { RepositoriesTab } from '@/features/repository-analysis/components/repositories-tab';
import { SectionCard } from '@/components/section-card';
import { profileDisplayName } from '@/features/contributor-profile/lib/profile-display';
import { AnalysisLanguages } from '@/features/repository-analysis/components/analysis-languages';
import { PrivacySettingsCard } from '@/features/privacy-settings/components/privacy-settings-card';
import { NotificationSwitchesCard } from '@/features/notifications/components/notification-switches-card';

/** The tab of the notification mails, opened by #notifications (a mail's footer leads there). */
const NOTIFICATIONS_TAB = 'notifications';

/**
 * /contributor/settings: edit the profile, see languages and repositories, choose what
 * companies see (Privacy, issue 11) and which emails OpenStake sends (Notifications).
 */
export function ProfileSettingsPage() {
  const { user } = useUser();
  const profile = useContributorProfile(user?.id);
  const { hash } = useLocation();

  const toolbar = (
    <ProfileToolbar>
      {user?.id && (
        <Link
          to={`/contributor/profile/${encodeURIComponent(user.id)}/public`}
          className={buttonVariants({ variant: 'outline' })}
        >
          <Eye aria-hidden="true" />
          View Public Profile
        </Link>
      )}
    </ProfileToolbar>
  );

  if (!profile.data) {
    return (
      <ProfilePageFallback
        header={toolbar}
        profile={profile}
        loadingLabel="Loading your profile..."
      />
    );
  }
  const data = profile.data;

  return (
    <div className="grid grid-cols-1 gap-6">
      {toolbar}
      <div className="grid gap-1">
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Profile Settings</h1>
        <p className="text-sm text-muted-foreground">
          How maintainers and recruiters see you on OpenStake.
        </p>
      </div>

      <div className="grid grid-cols-1 gap-6 lg:grid-cols-[20rem_minmax(0,1fr)]">
        <SummaryCard profile={data} />

        <Tabs
          defaultValue={hash === `#${NOTIFICATIONS_TAB}` ? NOTIFICATIONS_TAB : 'profile'}
          className="content-start"
        >
          <TabsList aria-label="Settings sections">
            <TabsTrigger value="profile">Profile</TabsTrigger>
            <TabsTrigger value="languages">Languages</TabsTrigger>
            <TabsTrigger value="repositories">Repositories</TabsTrigger>
            <TabsTrigger value="privacy">Privacy</TabsTrigger>
            <TabsTrigger value={NOTIFICATIONS_TAB}>Notifications</TabsTrigger>
          </TabsList>
          <TabsContent value="profile">
            <Card>
              <CardHeader>
                <CardTitle>Profile</CardTitle>
                <CardDescription>Your display name and a short bio.</CardDescription>
              </CardHeader>
              <CardContent>
                <ProfileForm key={data.id} profile={data} />
              </CardContent>
            </Card>
          </TabsContent>
          <TabsContent value="languages">
            <SectionCard title="Top Languages">
              <AnalysisLanguages refreshable showRepositories />
            </SectionCard>
          </TabsContent>
          <RepositoriesTab />
          <TabsContent value="privacy">
            <PrivacySettingsCard />
          </TabsContent>
          <TabsContent value={NOTIFICATIONS_TAB}>
            <NotificationSwitchesCard />
          </TabsContent>
        </Tabs>
      </div>
    </div>
  );
}

/** The left card: who, rank, coins, XP, progress, GitHub figures and contact. */
function SummaryCard({ profile }: { profile: ContributorProfile }) {
  const ids = useId();
  const name = profileDisplayName(profile);
  const github = profile.githubInfo;
  const location = github?.location?.trim();

  return (
    <Card className="content-start self-start">
      <CardContent className="grid gap-5">
        <div className="grid justify-items-center gap-3 text-center">
          <Avatar src={github?.avatar_url} name={name} className="size-20 text-xl" />
          <div className="grid min-w-0 gap-1">
            <h2 className="text-lg font-bold break-words">{name}</h2>
            {profile.githubUsername && (
              <p className="text-sm wrap-anywhere text-muted-foreground">
                @{profile.githubUsername}
              </p>
            )}
          </div>
          <RankBadge rank={profile.rank} />
        </div>

        <dl className="grid grid-cols-2 gap-3 text-center">
          <Figure label="Coins">{formatNumber(profile.coins)}</Figure>
          <Figure label="XP">{formatNumber(profile.xp)}</Figure>
        </dl>

        <RankProgressBar xp={profile.xp} />

        {github && (
          <>
            <Separator />
            <section aria-labelledby={`${ids}-github`} className="grid gap-2">
              <h3 id={`${ids}-github`} className="text-sm font-semibold">
                GitHub
              </h3>
              <dl className="grid gap-1.5 text-sm">
                <Row label="Repositories">{formatNumber(github.public_repos)}</Row>
                <Row label="Followers">{formatNumber(github.followers)}</Row>
                <Row label="Following">{formatNumber(github.following)}</Row>
              </dl>
            </section>
          </>
        )}

        <Separator />
        <section aria-labelledby={`${ids}-contact`} className="grid gap-2">
          <h3 id={`${ids}-contact`} className="text-sm font-semibold">
            Contact
          </h3>
          <ul className="grid gap-2 text-sm text-muted-foreground">
            {profile.email && (
              <ContactLine icon={<Mail className="size-4" />} label="Email">
                <span className="wrap-anywhere">{profile.email}</span>
              </ContactLine>
            )}
            {location && (
              <ContactLine icon={<MapPin className="size-4" />} label="Location">
                {location}
              </ContactLine>
            )}
            <ContactLine icon={<CalendarDays className="size-4" />} label="Joined">
              Joined <time dateTime={profile.createdAt}>{formatDate(profile.createdAt)}</time>
            </ContactLine>
          </ul>
        </section>
      </CardContent>
    </Card>
  );
}

function Figure({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid min-w-0 gap-0.5 rounded-lg bg-muted px-2 py-2">
      <dt className="truncate text-xs text-muted-foreground">{label}</dt>
      <dd className="truncate text-lg font-bold tabular-nums">{children}</dd>
    </div>
  );
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex items-center justify-between gap-3">
      <dt className="text-muted-foreground">{label}</dt>
      <dd className="font-semibold tabular-nums">{children}</dd>
    </div>
  );
}

function ContactLine({
  icon,
  label,
  children,
}: {
  icon: ReactNode;
  label: string;
  children: ReactNode;
}) {
  return (
    <li className="flex min-w-0 items-center gap-2">
      <span aria-hidden="true" className="shrink-0">
        {icon}
      </span>
      <span className="sr-only">{label}: </span>
      <span className="min-w-0">{children}</span>
    </li>
  );
}
