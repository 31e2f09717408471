import type { SessionUser } from '@openstake/core';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';

import { UserContext, type UserContextValue } from '@/features/auth/user-context';
import { PublicLayout } from './public-layout';

const render = (user: SessionUser | null) => {
  const value: UserContextValue = {
    user,
    isLoading: false,
    setUser: () => undefined,
    logout: async () => Promise.resolve(),
    isLoggingOut: false,
  };
  return renderToStaticMarkup(
    createElement(
      UserContext.Provider,
      { value },
      createElement(MemoryRouter, null, createElement(PublicLayout)),
    ),
  );
};

describe('PublicLayout', () => {
  it('offers a signed-out visitor Sign in and Sign up, and no Logout', () => {
    const html = render(null);
    expect(html).toMatch(/href="\/login"[^>]*>.*Sign in/);
    expect(html).toMatch(/href="\/signUp"[^>]*>Sign up/);
    expect(html).not.toContain('Logout');
  });

  it('takes a signed-in visitor of any role back to their own dashboard', () => {
    const html = render({
      id: 'u1',
      email: 'rita@example.com',
      role: 'company',
      githubUsername: null,
      emailVerified: true,
      createdAt: '2025-01-01T00:00:00.000Z',
    });
    expect(html).toContain('href="/company/dashboard"');
    expect(html).toContain('Logout');
    expect(html).not.toContain('Sign in');
  });
});
