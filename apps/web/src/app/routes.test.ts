import { APP_PAGES } from '@openstake/core';
import { isValidElement } from 'react';
import { Navigate, type RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';

import { routes } from './routes';

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
