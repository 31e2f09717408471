import { describe, expect, it } from 'vitest';

import { canSignUpWithGithub, githubConnectUrl, githubSignUpUrl } from './github-links';

describe('githubConnectUrl', () => {
  it('sends the current page as returnTo, encoded', () => {
    expect(githubConnectUrl('/contributor/dashboard')).toBe(
      '/api/github/connect?returnTo=%2Fcontributor%2Fdashboard',
    );
    expect(githubConnectUrl('/maintainer/repo/openstake-labs/ledger-core/prs')).toBe(
      '/api/github/connect?returnTo=%2Fmaintainer%2Frepo%2Fopenstake-labs%2Fledger-core%2Fprs',
    );
  });

  it('leaves out anything the server would refuse: it then returns to the dashboard', () => {
    for (const path of [
      'https://evil.example/',
      '//evil.example/',
      '/\\evil.example',
      '/.//evil.example',
      '/maintainer/dashboard?tab=repos',
      '/no-such-page',
      '',
    ])
      expect(githubConnectUrl(path)).toBe('/api/github/connect');
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
