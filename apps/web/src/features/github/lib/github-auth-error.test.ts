import { describe, expect, it } from 'vitest';

import { ApiError } from '@/lib/api/api-error';
import { isGithubAuthRequired } from './github-auth-error';

describe('isGithubAuthRequired', () => {
  it('recognises the server code, whatever the status', () => {
    expect(isGithubAuthRequired(new ApiError({ status: 403, code: 'GITHUB_AUTH_REQUIRED' }))).toBe(
      true,
    );
  });

  it('ignores other failures', () => {
    expect(isGithubAuthRequired(new ApiError({ status: 403, code: 'FORBIDDEN' }))).toBe(false);
    expect(isGithubAuthRequired(new ApiError({ status: 401 }))).toBe(false);
    expect(isGithubAuthRequired(new Error('GITHUB_AUTH_REQUIRED'))).toBe(false);
    expect(isGithubAuthRequired(null)).toBe(false);
  });
});
