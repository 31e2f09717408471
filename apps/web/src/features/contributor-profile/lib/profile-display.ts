import type { ContributorProfile } from '@openstake/core';

const present = (value: string | null | undefined): string | null =>
  value && value.trim() !== '' ? value.trim() : null;

/** Profile name, else the GitHub name, else the GitHub username. */
export function profileDisplayName(
  profile: Pick<ContributorProfile, 'name' | 'githubInfo' | 'githubUsername'>,
): string {
  return (
    present(profile.name) ??
    present(profile.githubInfo?.name) ??
    present(profile.githubUsername) ??
    'Contributor'
  );
}

/** Profile bio, else the GitHub bio, else null. */
export function profileBio(profile: Pick<ContributorProfile, 'bio' | 'githubInfo'>): string | null {
  return present(profile.bio) ?? present(profile.githubInfo?.bio);
}

export const BIO_MAX_LENGTH = 500;

/** The bio counter: '42/500', and whether it is over the server's limit. */
export function bioCounter(bio: string): { text: string; over: boolean } {
  // Counted like the server counts a JavaScript string (UTF-16 units), so both agree on 500.
  return {
    text: `${String(bio.length)}/${String(BIO_MAX_LENGTH)}`,
    over: bio.length > BIO_MAX_LENGTH,
  };
}

/**
 * What the public profile says for a 404. The server answers a profile its contributor hides
 * exactly as an unknown id, so that nobody learns a hidden person exists: one text for both.
 */
export const PRIVATE_PROFILE = {
  title: 'This profile is private',
  description: 'Its contributor chose not to show it, or there is no profile at this address.',
};
