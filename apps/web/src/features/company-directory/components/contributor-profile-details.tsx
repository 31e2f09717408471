import { formatNumber, xpProvenance } from '@openstake/core';
import type { DirectoryProfile } from '@openstake/core';
import { useId, type ReactNode } from 'react';

import { ExternalLink } from '@/components/external-link';
import { RankBadge } from '@/components/rank-badge';
import { RankProgressBar } from '@/components/rank-progress-bar';
import { Avatar } from '@/components/ui/avatar';
import { buttonVariants } from '@/components/ui/button-variants';
import { formatDate } from '@/lib/format-date';
import { GithubIcon } from '@/features/github/components/github-icon';
import { contributorName, REPOSITORIES_LABEL, type GithubView } from '../lib/directory-display';
import { ActivityBadge } from './activity-badge';
import { GithubDetails } from './github-details';
import { RecentStakesList } from './recent-stakes-list';
import { VerifiedWorkList } from './verified-work-list';

export const MAX_RANK_LABEL = 'Max rank achieved';

interface ContributorProfileDetailsProps {
  profile: DirectoryProfile;
  github: GithubView;
  /**
   * The Contact Contributor control, from the screen (contact belongs to the messages feature).
   * It sits in a wrapping row beside View GitHub Profile.
   */
  contact?: ReactNode;
}

/**
 * The profile dialog's body: rank, XP, activity, email, username, location,
 * join date, bio, coins and weekly coins, progress to the next rank, recent stakes, GitHub's
 * repositories and followers, and the verified work record. Its Repositories is the row's own
 * figure (the server's one count), labelled as the directory's column is; GitHub's count of public
 * repositories is a different number and says so.
 */
export function ContributorProfileDetails({
  profile,
  github,
  contact,
}: ContributorProfileDetailsProps) {
  const ids = useId();
  const githubProfile = github.state === 'available' ? github.github.profile : null;
  const bio = profile.bio?.trim() || githubProfile?.bio?.trim() || null;
  const location = githubProfile?.location?.trim() || null;
  const name = contributorName(profile);
  const provenance = xpProvenance(profile);

  return (
    <div className="grid min-w-0 gap-6">
      <div className="flex min-w-0 items-center gap-4">
        <Avatar src={githubProfile?.avatarUrl} name={name} className="size-14 text-lg" />
        <div className="grid min-w-0 gap-1.5">
          <div className="flex flex-wrap items-center gap-2">
            <RankBadge rank={profile.rank} />
            <ActivityBadge isActive={profile.isActive} />
          </div>
          <p className="text-sm wrap-anywhere text-muted-foreground">@{profile.githubUsername}</p>
        </div>
      </div>

      <dl className="grid grid-cols-2 gap-2 text-center sm:grid-cols-4">
        <Figure label="XP">{formatNumber(profile.xp)}</Figure>
        <Figure label={REPOSITORIES_LABEL}>{formatNumber(profile.repositories)}</Figure>
        <Figure label="Coins">{formatNumber(profile.coins)}</Figure>
        <Figure label="Coins earned this week">{formatNumber(profile.weeklyCoinsEarned)}</Figure>
      </dl>

      {provenance && (
        <p className="text-sm text-muted-foreground" data-testid="xp-provenance">
          {provenance}
        </p>
      )}

      <RankProgressBar xp={profile.xp} maxLabel={MAX_RANK_LABEL} />

      <div className="flex flex-wrap items-start gap-2">
        {contact}
        <ExternalLink
          href={profile.githubUrl}
          className={buttonVariants({ variant: 'outline' })}
          data-testid="github-profile-link"
        >
          <GithubIcon aria-hidden="true" />
          View GitHub Profile
        </ExternalLink>
      </div>

      <Section id={`${ids}-about`} title="About">
        <dl className="grid gap-2 text-sm">
          {profile.email && (
            <Row label="Email">
              <ProfileEmail email={profile.email} verified={profile.emailVerified} />
            </Row>
          )}
          <Row label="Username">{profile.githubUsername}</Row>
          {location && <Row label="Location">{location}</Row>}
          <Row label="Joined">
            <time dateTime={profile.joinedAt}>{formatDate(profile.joinedAt)}</time>
          </Row>
        </dl>
        {bio ? (
          <p className="text-sm break-words whitespace-pre-wrap" data-testid="profile-bio">
            {bio}
          </p>
        ) : (
          <p className="text-sm text-muted-foreground">No bio yet.</p>
        )}
      </Section>

      <Section id={`${ids}-github`} title="GitHub">
        <GithubDetails view={github} />
      </Section>

      <Section id={`${ids}-stakes`} title="Recent stakes">
        <RecentStakesList stakes={profile.recentStakes} />
      </Section>

      <Section id={`${ids}-work`} title="Verified work">
        <VerifiedWorkList work={profile.verifiedWork} />
      </Section>
    </div>
  );
}

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="grid gap-3">
      <h3 id={id} className="text-sm font-semibold">
        {title}
      </h3>
      {children}
    </section>
  );
}

function Figure({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid min-w-0 content-start gap-0.5 rounded-lg bg-muted px-2 py-2">
      <dt className="text-xs text-muted-foreground">{label}</dt>
      <dd className="truncate text-lg font-bold tabular-nums">{children}</dd>
    </div>
  );
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid grid-cols-[6rem_minmax(0,1fr)] gap-3">
      <dt className="text-muted-foreground">{label}</dt>
      <dd className="font-medium wrap-anywhere">{children}</dd>
    </div>
  );
}

export const EMAIL_NOT_VERIFIED_LABEL = '(email not verified)';

/**
 * The contributor's address; one they have not confirmed is said to be so, in plain weight, so
 * it is not taken for who they are.
 */
function ProfileEmail({ email, verified }: { email: string; verified: boolean }) {
  if (verified) return email;
  return (
    <span className="font-normal" data-testid="profile-email-unverified">
      {email} <span className="text-muted-foreground">{EMAIL_NOT_VERIFIED_LABEL}</span>
    </span>
  );
}
