import { describe, expect, it } from 'vitest';

import { ApiError } from '../../../lib/api/api-error';
import { parseAppConfig } from './app-config';

describe('parseAppConfig', () => {
  it('reads demoMode and the GitHub web address', () => {
    const github = 'https://github.com';
    expect(parseAppConfig({ demoMode: true, githubWebUrl: github })).toEqual({
      demoMode: true,
      githubWebUrl: github,
    });
    expect(parseAppConfig({ demoMode: false, githubWebUrl: github, other: 1 })).toEqual({
      demoMode: false,
      githubWebUrl: github,
    });
  });

  it.each([
    undefined,
    null,
    'demo',
    {},
    { demoMode: 'true', githubWebUrl: 'x' },
    { demoMode: 1, githubWebUrl: 'x' },
    { demoMode: true },
  ])('rejects %j', (value) => {
    expect(() => parseAppConfig(value)).toThrow(ApiError);
  });
});
