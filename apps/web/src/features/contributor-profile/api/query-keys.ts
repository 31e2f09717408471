/** The query keys of contributor profiles. */
export const contributorProfileKeys = {
  dashboard: ['contributor', 'dashboard-profile'] as const,
  /** Every contributor's profile page. */
  profiles: ['contributor', 'profile'] as const,
  profile: (userId: string) => [...contributorProfileKeys.profiles, userId] as const,
};
