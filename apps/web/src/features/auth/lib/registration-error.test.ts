import { describe, expect, it } from 'vitest';

import { ApiError } from '@/lib/api/api-error';
import { registrationErrorMessage } from './registration-error';

describe('registrationErrorMessage', () => {
  it("shows the server's message", () => {
    const message =
      'password: This password is one of the most common passwords. Choose one that is harder to guess.';
    const error = new ApiError({ status: 400, serverMessage: message });
    expect(registrationErrorMessage(error)).toBe(message);
  });

  it("falls back to 'Registration failed' when the server gave no message", () => {
    expect(registrationErrorMessage(new ApiError({ status: 500 }))).toBe('Registration failed');
  });

  it("says 'Something went wrong' when no answer came back", () => {
    expect(registrationErrorMessage(new ApiError({ status: 0 }))).toBe('Something went wrong');
    expect(registrationErrorMessage(new TypeError('x'))).toBe('Something went wrong');
  });
});
