import { describe, expect, it } from 'vitest';

import {
  buildAuthPayload,
  canSubmitAuthForm,
  isRole,
  loginOutcome,
  loginRedirectPath,
  validateAuthPayload,
  type AuthFormValues,
} from './auth-form';

const filled: AuthFormValues = {
  role: 'contributor',
  email: 'ada@example.com',
  password: 'correct horse',
  githubUsername: 'ada',
};

describe('canSubmitAuthForm', () => {
  it('allows a fully filled contributor or maintainer form', () => {
    expect(canSubmitAuthForm(filled)).toBe(true);
    expect(canSubmitAuthForm({ ...filled, role: 'maintainer' })).toBe(true);
  });

  it.each([
    ['email', { email: '' }],
    ['blank email', { email: '   ' }],
    ['password', { password: '' }],
    ['GitHub username', { githubUsername: '' }],
    ['blank GitHub username', { githubUsername: '  ' }],
  ])('stays disabled for a contributor without %s', (_, change) => {
    expect(canSubmitAuthForm({ ...filled, ...change })).toBe(false);
  });

  it('does not need a GitHub username for a company', () => {
    expect(canSubmitAuthForm({ ...filled, role: 'company', githubUsername: '' })).toBe(true);
    expect(canSubmitAuthForm({ ...filled, role: 'company', password: '' })).toBe(false);
  });

  it('counts a password of spaces as filled in (passwords are never trimmed)', () => {
    expect(canSubmitAuthForm({ ...filled, password: '   ' })).toBe(true);
  });

  it('stays disabled without a valid role', () => {
    expect(canSubmitAuthForm({ ...filled, role: '' as never })).toBe(false);
    expect(canSubmitAuthForm({ ...filled, role: 'admin' as never })).toBe(false);
  });
});

describe('buildAuthPayload', () => {
  it('trims email and GitHub username but not the password', () => {
    expect(
      buildAuthPayload({
        role: 'maintainer',
        email: '  ada@example.com ',
        password: ' pass word ',
        githubUsername: ' ada-l ',
      }),
    ).toEqual({
      role: 'maintainer',
      email: 'ada@example.com',
      password: ' pass word ',
      githubUsername: 'ada-l',
    });
  });

  it('omits githubUsername for a company even when one was typed', () => {
    const payload = buildAuthPayload({ ...filled, role: 'company', githubUsername: 'ada' });
    expect(payload).toEqual({
      role: 'company',
      email: 'ada@example.com',
      password: 'correct horse',
    });
    expect('githubUsername' in payload).toBe(false);
  });

  it('omits an empty githubUsername', () => {
    const payload = buildAuthPayload({ ...filled, githubUsername: '  ' });
    expect('githubUsername' in payload).toBe(false);
  });
});

describe('validateAuthPayload', () => {
  it('accepts a valid payload', () => {
    expect(validateAuthPayload('login', buildAuthPayload(filled))).toBeNull();
    expect(validateAuthPayload('register', buildAuthPayload(filled))).toBeNull();
  });

  it('reports the shared schema message for a malformed email', () => {
    expect(validateAuthPayload('login', buildAuthPayload({ ...filled, email: 'nope' }))).toBe(
      'Enter a valid email address',
    );
  });

  it('reports an invalid GitHub username', () => {
    expect(
      validateAuthPayload('register', buildAuthPayload({ ...filled, githubUsername: '-bad-' })),
    ).toBe('Invalid GitHub username format');
  });

  it('applies the password length rule only at registration', () => {
    const short = buildAuthPayload({ ...filled, password: 'short' });
    expect(validateAuthPayload('login', short)).toBeNull();
    expect(validateAuthPayload('register', short)).toBe('Password must be at least 8 characters');
  });

  it('refuses a new password that is only spaces, as the server does, and signs in with any', () => {
    const blank = buildAuthPayload({ ...filled, password: ' '.repeat(8) });
    expect(validateAuthPayload('register', blank)).toBe('Password must not be only spaces');
    expect(validateAuthPayload('login', blank)).toBeNull();
    const padded = buildAuthPayload({ ...filled, password: '  kettle plum  ' });
    expect(validateAuthPayload('register', padded)).toBeNull();
  });
});

describe('loginRedirectPath', () => {
  it("prefers the user's own role over the chosen one", () => {
    expect(loginRedirectPath('company', 'contributor')).toBe('/company/dashboard');
  });

  it('falls back to the chosen role, then to contributor', () => {
    expect(loginRedirectPath(undefined, 'maintainer')).toBe('/maintainer/dashboard');
    expect(loginRedirectPath(null, null)).toBe('/contributor/dashboard');
    expect(loginRedirectPath('admin', 'nobody')).toBe('/contributor/dashboard');
  });
});

describe('isRole', () => {
  it('knows the three roles', () => {
    expect(['contributor', 'maintainer', 'company'].every(isRole)).toBe(true);
    expect(isRole('Contributor')).toBe(false);
    expect(isRole(undefined)).toBe(false);
  });
});

describe('loginOutcome', () => {
  it("goes to the account's own dashboard, with the server's notice when another role was picked", () => {
    const message =
      'Login successful. This is a contributor account, not a maintainer account: you are signed in as a contributor.';
    expect(loginOutcome({ user: { role: 'contributor' }, message }, 'maintainer')).toEqual({
      role: 'contributor',
      path: '/contributor/dashboard',
      notice: message,
    });
  });

  it("has no notice when the picked role was the account's", () => {
    expect(
      loginOutcome({ user: { role: 'company' }, message: 'Login successful' }, 'company'),
    ).toEqual({ role: 'company', path: '/company/dashboard', notice: null });
  });
});
