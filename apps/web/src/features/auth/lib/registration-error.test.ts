import { describe, expect, it } from 'vitest';

import { ApiError } from '../../../lib/api/api-error';
import { registrationErrorMessage } from './registration-error';

describe('registrationErrorMessage', () => {
  it("shows the server's message", () => {
    const error = new ApiError({
      status: 409,
      serverMessage: 'An account with this email already exists',
    });
    expect(registrationErrorMessage(error)).toBe('An account with this email already exists');
  });

  it("falls back to 'Registration failed' when the server gave no message", () => {
    expect(registrationErrorMessage(new ApiError({ status: 500 }))).toBe('Registration failed');
  });

  it("says 'Something went wrong' when no answer came back", () => {
    expect(registrationErrorMessage(new ApiError({ status: 0 }))).toBe('Something went wrong');
    expect(registrationErrorMessage(new TypeError('x'))).toBe('Something went wrong');
  });
});
