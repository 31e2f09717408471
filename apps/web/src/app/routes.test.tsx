import { APP_PAGES } from '@openstake/core';
import { isValidElement } from 'react';
import { matchRoutes, Navigate, type RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';

import { RequireRole } from '@/features/auth/components/require-role';
import { routes } from './routes';

/** The roles that guard a path, from the RequireRole elements on its matched routes. */
function guardsOf(path: string): string[][] {
  const matches = matchRoutes(routes, path) ?? [];
  return matches.flatMap(({ route }) =>
    isValidElement<{ allowed: string[] }>(route.element) && route.element.type === RequireRole
      ? [route.element.props.allowed]
      : [],
  );
}

const leafPath = (path: string) => matchRoutes(routes, path)?.at(-1)?.route.path;

describe('route table', () => {
  it('the public profile is outside every role guard', () => {
    expect(leafPath('/contributor/profile/5f0c/public')).toBe('/contributor/profile/:id/public');
    expect(guardsOf('/contributor/profile/5f0c/public')).toEqual([]);
  });

  it('an issue opens by its GitHub id or by repository and number', () => {
    expect(leafPath('/contributor/issue/2846128375')).toBe('issue/:issueId');
    expect(leafPath('/contributor/issue/acme/widgets/17')).toBe('issue/:owner/:repo/:number');
  });

  it('the rest of the contributor area stays guarded for contributors', () => {
    for (const path of [
      '/contributor/dashboard',
      '/contributor/profile',
      '/contributor/settings',
      '/contributor/issue/42',
      '/contributor/issue/acme/widgets/17',
      '/contributor/profile/5f0c',
      '/contributor/anything',
    ]) {
      expect(guardsOf(path), path).toEqual([['contributor']]);
    }
  });

  it('the company area, Hire, Messages and Settings, is guarded for companies', () => {
    expect(leafPath('/company/dashboard')).toBe('dashboard');
    expect(leafPath('/company/messages')).toBe('messages');
    expect(leafPath('/company/settings')).toBe('settings');
    for (const path of [
      '/company/dashboard',
      '/company/messages',
      '/company/settings',
      '/company/anything',
    ]) {
      expect(guardsOf(path), path).toEqual([['company']]);
    }
  });
});

/** The paths that show a page (not a redirect, not a catch-all), parameters as `:name`. */
function pagePaths(list: RouteObject[], parent = ''): string[] {
  return list.flatMap((route) => {
    if (route.path === '*') return [];
    const path = route.path?.startsWith('/')
      ? route.path
      : [parent, route.path].filter(Boolean).join('/');
    if (route.children) return pagePaths(route.children, path);
    const redirects = isValidElement(route.element) && route.element.type === Navigate;
    return redirects ? [] : [path];
  });
}

describe('the route table', () => {
  it("has exactly core's list of pages, where the server may send a browser back to", () => {
    expect([...pagePaths(routes)].sort()).toEqual([...APP_PAGES].sort());
  });
});
