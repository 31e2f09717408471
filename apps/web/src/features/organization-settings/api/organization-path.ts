/** The base path of an organization's maintainer calls; the login is URL-encoded. */
export const organizationPath = (org: string): string =>
  `/api/maintainer/organizations/${encodeURIComponent(org)}`;
