import { describe, expect, it } from 'vitest';

import { ApiError } from '@/lib/api/api-error';
import {
  checkForgotPassword,
  checkResetPassword,
  isPasswordRefusal,
  linkToken,
  PASSWORDS_DIFFER_MESSAGE,
} from './account-links';

/** A token as the server mails it: 32 bytes in base64url, 43 characters. */
const TOKEN = 'AbCdEfGhIjKlMnOpQrStUvWxYz0123456789-_AbCdE';

describe('linkToken', () => {
  it("reads a mailed link's token", () => {
    expect(TOKEN).toHaveLength(43);
    expect(linkToken(`?token=${TOKEN}`)).toBe(TOKEN);
    expect(linkToken(`?utm=mail&token=${TOKEN}`)).toBe(TOKEN);
  });

  it('is null for an address without one, or with one cut short or altered', () => {
    expect(linkToken('')).toBeNull();
    expect(linkToken('?token=')).toBeNull();
    expect(linkToken(`?token=${TOKEN.slice(0, 40)}`)).toBeNull();
    expect(linkToken(`?token=${TOKEN}x`)).toBeNull();
    expect(linkToken(`?token=${TOKEN.slice(0, 42)}%2B`)).toBeNull();
  });
});

describe('checkForgotPassword', () => {
  it('sends the address as the schema reads it (trimmed, lower case)', () => {
    expect(checkForgotPassword('  Ada@Example.COM ')).toEqual({
      input: { email: 'ada@example.com' },
    });
  });

  it("refuses what is not an address, with the schema's words", () => {
    expect(checkForgotPassword('ada@')).toEqual({ error: 'Enter a valid email address' });
  });
});

describe('checkResetPassword', () => {
  const values = { token: TOKEN, password: 'correct horse', confirmPassword: 'correct horse' };

  it('sends the token and the password when both are fine and the two match', () => {
    expect(checkResetPassword(values)).toEqual({
      input: { token: TOKEN, password: 'correct horse' },
    });
  });

  it('applies the sign-up rules before sending', () => {
    expect(checkResetPassword({ ...values, password: 'short', confirmPassword: 'short' })).toEqual({
      error: 'Password must be at least 8 characters',
    });
    expect(
      checkResetPassword({ ...values, password: ' '.repeat(9), confirmPassword: ' '.repeat(9) }),
    ).toEqual({ error: 'Password must not be only spaces' });
  });

  it('refuses two passwords that differ', () => {
    expect(checkResetPassword({ ...values, confirmPassword: 'correct horse!' })).toEqual({
      error: PASSWORDS_DIFFER_MESSAGE,
    });
  });

  it('refuses a token that cannot be a link', () => {
    expect(checkResetPassword({ ...values, token: 'abc' }).error).toMatch(/link is incomplete/);
  });
});

describe('isPasswordRefusal', () => {
  const refusal = (status: number, serverMessage?: string) =>
    new ApiError({ status, serverMessage });

  it('is true for a 400 about the password: the link still works', () => {
    expect(isPasswordRefusal(refusal(400, 'password: This password is too common'))).toBe(true);
  });

  it('is false for a refused link, another status, or no server answer', () => {
    expect(isPasswordRefusal(refusal(400, 'This link was already used: ask for a new one.'))).toBe(
      false,
    );
    expect(isPasswordRefusal(refusal(429, 'password: wait'))).toBe(false);
    expect(isPasswordRefusal(refusal(0))).toBe(false);
    expect(isPasswordRefusal(new Error('password: x'))).toBe(false);
  });
});
