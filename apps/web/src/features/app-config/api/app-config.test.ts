import { APP_CONFIG_ELEMENT_ID } from '@openstake/core';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { ApiError } from '@/lib/api/api-error';
import { pageWithData } from '@/test/page-with-data';
import { appConfigFromPage, githubWebBase, parseAppConfig } from './app-config';

afterEach(() => {
  vi.restoreAllMocks();
});

describe('parseAppConfig', () => {
  it('reads demoMode and the GitHub web address', () => {
    const github = 'https://github.com';
    expect(parseAppConfig({ demoMode: true, githubWebUrl: github })).toEqual({
      demoMode: true,
      githubWebUrl: github,
    });
    expect(
      parseAppConfig({ demoMode: false, githubWebUrl: github, escrowAddress: null, other: 1 }),
    ).toEqual({
      demoMode: false,
      githubWebUrl: github,
      escrowAddress: null,
    });
    // App mode: the GitHub App's installation page (a javascript: URL is no link).
    const installUrl = 'https://github.com/apps/openstake/installations/new';
    expect(
      parseAppConfig({
        demoMode: false,
        githubWebUrl: github,
        githubApp: { slug: 'openstake', installUrl },
      }).githubApp,
    ).toEqual({ slug: 'openstake', installUrl });
    expect(
      parseAppConfig({
        demoMode: false,
        githubWebUrl: github,
        githubApp: { slug: 'x', installUrl: 'javascript:alert(1)' },
      }).githubApp,
    ).toBeNull();
    // The escrow contract's address, once the server has one (the wallet's connected card).
    expect(
      parseAppConfig({ demoMode: false, githubWebUrl: github, escrowAddress: '0xabc' })
        .escrowAddress,
    ).toBe('0xabc');
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
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    expect(() => parseAppConfig(value)).toThrow(ApiError);
  });
});

describe('appConfigFromPage', () => {
  /** A page whose config element holds `text` (or none when undefined). */
  const page = (text?: string) => pageWithData(APP_CONFIG_ELEMENT_ID, text);

  it('reads the configuration the server wrote into the page', () => {
    expect(
      appConfigFromPage(page('{"demoMode":true,"githubWebUrl":"http://127.0.0.1:4010"}')),
    ).toEqual({ demoMode: true, githubWebUrl: 'http://127.0.0.1:4010' });
  });

  it('is undefined without one, or with one it cannot read, so the app asks the API', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    expect(appConfigFromPage(page())).toBeUndefined();
    expect(appConfigFromPage(page(''))).toBeUndefined();
    expect(appConfigFromPage(page('{"demoMode":'))).toBeUndefined();
    expect(appConfigFromPage(page('{"demoMode":"yes","githubWebUrl":"x"}'))).toBeUndefined();
    expect(warn).toHaveBeenCalledTimes(2);
  });
});

describe('githubWebBase', () => {
  it('is the configured address without a trailing slash, else github.com', () => {
    expect(githubWebBase('http://127.0.0.1:4010/')).toBe('http://127.0.0.1:4010');
    expect(githubWebBase('https://ghe.example.com/github/')).toBe('https://ghe.example.com/github');
    expect(githubWebBase(undefined)).toBe('https://github.com');
    expect(githubWebBase(null)).toBe('https://github.com');
    // Only a plain http(s) address becomes part of a link or an example.
    expect(githubWebBase('javascript:alert(1)')).toBe('https://github.com');
  });
});
