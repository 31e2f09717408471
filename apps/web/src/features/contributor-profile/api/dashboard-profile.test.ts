import { describe, expect, it } from 'vitest';

import { ApiError } from '@/lib/api/api-error';
import { dashboardProfileErrorMessage } from './dashboard-profile';

describe('dashboardProfileErrorMessage', () => {
  it('shows the server message when GitHub is not linked', () => {
    const error = new ApiError({
      status: 403,
      code: 'GITHUB_AUTH_REQUIRED',
      serverMessage: 'GitHub authentication required',
    });
    expect(dashboardProfileErrorMessage(error)).toBe('GitHub authentication required');
    expect(
      dashboardProfileErrorMessage(new ApiError({ status: 403, code: 'GITHUB_AUTH_REQUIRED' })),
    ).toBe('GitHub authentication required');
  });

  it('asks to re-authenticate on a 401', () => {
    expect(dashboardProfileErrorMessage(new ApiError({ status: 401 }))).toBe(
      'Invalid GitHub token. Please re-authenticate.',
    );
  });

  it('only logs other failures', () => {
    expect(dashboardProfileErrorMessage(new ApiError({ status: 500 }))).toBeNull();
    expect(dashboardProfileErrorMessage(new ApiError({ status: 0 }))).toBeNull();
    expect(dashboardProfileErrorMessage(new Error('boom'))).toBeNull();
  });
});
