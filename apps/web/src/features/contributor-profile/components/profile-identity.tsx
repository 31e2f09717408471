import type { ContributorProfile } from '@openstake/core';
import { CalendarDays, MapPin } from 'lucide-react';

import { Avatar } from '@/components/ui/avatar';
import { Badge } from '@/components/ui/badge';
import { formatDate } from '@/lib/format-date';
import { profileBio, profileDisplayName } from '../lib/profile-display';
import { RankBadge } from '@/components/rank-badge';

/** Shown instead of a login when GitHub has not proven one: a typed username is only a claim. */
export const GITHUB_NOT_VERIFIED = 'GitHub not verified';

/**
 * Who a contributor is: avatar, name, username, role, rank, bio, location and join date. Shows
 * nothing private (no email), so the public profile uses it too. The username is the login
 * GitHub proved; without one it says so.
 */
export function ProfileIdentity({
  profile,
  headingLevel: Heading = 'h2',
}: {
  profile: ContributorProfile;
  headingLevel?: 'h1' | 'h2';
}) {
  const name = profileDisplayName(profile);
  const bio = profileBio(profile);
  const location = profile.githubInfo?.location?.trim();
  return (
    <div className="grid justify-items-center gap-3 text-center">
      <Avatar src={profile.githubInfo?.avatar_url} name={name} className="size-24 text-2xl" />
      <div className="grid min-w-0 gap-1">
        <Heading
          className="text-xl font-bold tracking-tight break-words"
          data-testid="profile-name"
        >
          {name}
        </Heading>
        {profile.githubUsername ? (
          <p className="text-sm wrap-anywhere text-muted-foreground">@{profile.githubUsername}</p>
        ) : (
          <p className="text-sm text-muted-foreground">{GITHUB_NOT_VERIFIED}</p>
        )}
      </div>
      <div className="flex flex-wrap justify-center gap-2">
        <Badge variant="secondary">Contributor</Badge>
        <RankBadge rank={profile.rank} />
      </div>
      {bio && <p className="text-sm break-words whitespace-pre-line">{bio}</p>}
      <ul className="grid gap-1 text-sm text-muted-foreground">
        {location && (
          <li className="inline-flex items-center justify-center gap-1.5">
            <MapPin aria-hidden="true" className="size-4" />
            <span className="sr-only">Location: </span>
            {location}
          </li>
        )}
        <li className="inline-flex items-center justify-center gap-1.5">
          <CalendarDays aria-hidden="true" className="size-4" />
          Joined <time dateTime={profile.createdAt}>{formatDate(profile.createdAt)}</time>
        </li>
      </ul>
    </div>
  );
}
