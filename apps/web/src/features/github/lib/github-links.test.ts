import { describe, expect, it } from 'vitest';

import {
  canSignUpWithGithub,
  githubConnectUrl,
  githubSignUpUrl,
  safeReturnPath,
} from './github-links';

describe('githubConnectUrl', () => {
  it('sends the current path as returnTo, encoded', () => {
    expect(githubConnectUrl('/contributor/dashboard')).toBe(
      '/api/github/connect?returnTo=%2Fcontributor%2Fdashboard',
    );
    expect(githubConnectUrl('/maintainer/dashboard?tab=repos&x=a b')).toBe(
      '/api/github/connect?returnTo=%2Fmaintainer%2Fdashboard%3Ftab%3Drepos%26x%3Da+b',
    );
  });

  it('never asks to return to another site', () => {
    expect(githubConnectUrl('https://evil.example/')).toBe('/api/github/connect?returnTo=%2F');
    expect(githubConnectUrl('//evil.example/')).toBe('/api/github/connect?returnTo=%2F');
  });
});

describe('safeReturnPath', () => {
  it('keeps same-site paths and drops the rest', () => {
    expect(safeReturnPath('/contributor/dashboard')).toBe('/contributor/dashboard');
    expect(safeReturnPath('')).toBe('/');
    expect(safeReturnPath('contributor')).toBe('/');
    expect(safeReturnPath('/\\evil.example')).toBe('/');
    expect(safeReturnPath('javascript:alert(1)')).toBe('/');
  });
});

describe('GitHub sign-up', () => {
  it('is offered to contributors and maintainers, with the picked role', () => {
    expect(canSignUpWithGithub('contributor')).toBe(true);
    expect(canSignUpWithGithub('maintainer')).toBe(true);
    expect(githubSignUpUrl('contributor')).toBe('/api/github/signup?role=contributor');
    expect(githubSignUpUrl('maintainer')).toBe('/api/github/signup?role=maintainer');
  });

  it('is not offered to companies', () => {
    expect(canSignUpWithGithub('company')).toBe(false);
    expect(githubSignUpUrl('company')).toBeNull();
  });
});
