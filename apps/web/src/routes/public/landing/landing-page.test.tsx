import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';

import { UserContext, type UserContextValue } from '@/features/auth/user-context';
import { headingOrderProblems, headingOutline } from '@/test/heading-order';
import { LandingPage } from './landing-page';

const visitor: UserContextValue = {
  user: null,
  isLoading: false,
  setUser: () => undefined,
  logout: async () => Promise.resolve(),
  isLoggingOut: false,
};

const outline = headingOutline(
  renderToStaticMarkup(
    createElement(
      UserContext.Provider,
      { value: visitor },
      createElement(MemoryRouter, null, createElement(LandingPage)),
    ),
  ),
);

describe('the landing page', () => {
  it('has one h1, and its headings never skip a level', () => {
    expect(outline[0]).toMatch(/^h1 /);
    expect(headingOrderProblems(outline)).toEqual([]);
  });
});
