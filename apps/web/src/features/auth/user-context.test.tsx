import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';

import { UserContext, useUser, type UserContextValue } from './user-context';

function ShowEmail() {
  const { user } = useUser();
  return createElement('span', null, user?.email ?? 'nobody');
}

describe('useUser', () => {
  it('throws outside <UserProvider>', () => {
    expect(() => renderToString(createElement(ShowEmail))).toThrow(
      'useUser must be used inside <UserProvider>',
    );
  });

  it('reads the value the provider puts in context', () => {
    const value: UserContextValue = {
      user: {
        id: 'u1',
        email: 'ada@example.com',
        role: 'contributor',
        githubUsername: 'ada',
        emailVerified: true,
        createdAt: '2025-01-01T00:00:00.000Z',
      },
      isLoading: false,
      setUser: () => undefined,
      logout: async () => Promise.resolve(),
      isLoggingOut: false,
    };
    const html = renderToString(
      createElement(UserContext.Provider, { value }, createElement(ShowEmail)),
    );
    expect(html).toContain('ada@example.com');
  });
});
