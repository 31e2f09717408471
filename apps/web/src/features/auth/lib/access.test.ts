import type { SessionUser } from '@openstake/core';
import { describe, expect, it } from 'vitest';

import { canAccessArea } from './access';

const user = (role: SessionUser['role']): SessionUser => ({
  id: 'u1',
  email: 'a@example.com',
  role,
  githubUsername: null,
  emailVerified: true,
  createdAt: '2025-01-01T00:00:00.000Z',
});

describe('canAccessArea', () => {
  it('lets a user into the area of their role only', () => {
    expect(canAccessArea(user('contributor'), ['contributor'])).toBe(true);
    expect(canAccessArea(user('company'), ['contributor'])).toBe(false);
    expect(canAccessArea(user('maintainer'), ['maintainer'])).toBe(true);
  });

  it('keeps out a visitor without a session', () => {
    expect(canAccessArea(null, ['contributor', 'maintainer', 'company'])).toBe(false);
  });
});
