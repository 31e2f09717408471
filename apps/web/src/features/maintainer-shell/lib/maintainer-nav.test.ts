import { describe, expect, it } from 'vitest';

import {
  BOTTOM_NAV,
  isInOrganizationSettings,
  isNavItemActive,
  MAIN_NAV,
  ORGANIZATION_NAV,
} from './maintainer-nav';

const byLabel = (label: string) => {
  const item = [...MAIN_NAV, ...ORGANIZATION_NAV, ...BOTTOM_NAV].find((i) => i.label === label);
  if (!item) throw new Error(`no nav item ${label}`);
  return item;
};

describe('maintainer navigation', () => {
  it("lists the product's links in order, all under /maintainer", () => {
    expect(MAIN_NAV.map((i) => [i.label, i.to])).toEqual([
      ['Repositories', '/maintainer/dashboard'],
      ['Create Issue', '/maintainer/new-issue'],
      ['Bounty Issues by Me', '/maintainer/bounty-issues'],
      ['Docs', '/maintainer/docs'],
      ['Integrations', '/maintainer/integrations'],
      ['Reports', '/maintainer/reports'],
    ]);
    expect(ORGANIZATION_NAV.map((i) => [i.label, i.to])).toEqual([
      ['Configuration', '/maintainer/org-settings/config'],
      ['API Keys', '/maintainer/org-settings/api-keys'],
    ]);
    expect(BOTTOM_NAV.map((i) => [i.label, i.to])).toEqual([
      ['Refer and Earn', '/maintainer/referrals'],
      ['Docs', '/maintainer/docs'],
      ['Support', '/maintainer/support'],
    ]);
  });

  it('marks the current page, ignoring a trailing slash', () => {
    expect(isNavItemActive('/maintainer/docs', byLabel('Docs'))).toBe(true);
    expect(isNavItemActive('/maintainer/docs/', byLabel('Docs'))).toBe(true);
    expect(isNavItemActive('/maintainer/docs', byLabel('Reports'))).toBe(false);
    expect(isNavItemActive('/maintainer/new-issue', byLabel('Create Issue'))).toBe(true);
  });

  it("counts a repository's pages as Repositories", () => {
    const repositories = byLabel('Repositories');
    expect(isNavItemActive('/maintainer/repo/acme/widgets/issues', repositories)).toBe(true);
    expect(isNavItemActive('/maintainer/open-issue/12', repositories)).toBe(true);
    expect(isNavItemActive('/maintainer/bounty-issues', repositories)).toBe(false);
  });

  it('knows when an organization settings page is shown', () => {
    expect(isInOrganizationSettings('/maintainer/org-settings/api-keys')).toBe(true);
    expect(isInOrganizationSettings('/maintainer/docs')).toBe(false);
    expect(isNavItemActive('/maintainer/org-settings/config', byLabel('Configuration'))).toBe(true);
    expect(isNavItemActive('/maintainer/org-settings/config', byLabel('API Keys'))).toBe(false);
  });
});
