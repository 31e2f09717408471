/** The query keys of organization settings; logins are case-insensitive on GitHub. */
export const organizationSettingsKeys = {
  /** Everything of one organization. */
  organization: (org: string) => ['maintainer', 'organizations', org.toLowerCase()] as const,
  apiKeys: (org: string) => [...organizationSettingsKeys.organization(org), 'api-keys'] as const,
  repositories: (org: string) =>
    [...organizationSettingsKeys.organization(org), 'repositories'] as const,
  context: (org: string) => [...organizationSettingsKeys.organization(org), 'context'] as const,
  preferences: ['maintainer', 'preferences'] as const,
};
