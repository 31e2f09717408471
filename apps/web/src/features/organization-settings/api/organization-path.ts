/** The base path of an organization's maintainer calls; the login is URL-encoded. */
export const organizationPath = (org: string): string =>
  `/api/maintainer/organizations/${encodeURIComponent(org)}`;

/** Query keys for one organization; logins are case-insensitive on GitHub. */
export const organizationQueryKey = (org: string) =>
  ['maintainer', 'organizations', org.toLowerCase()] as const;
