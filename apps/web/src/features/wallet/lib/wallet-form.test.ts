import { describe, expect, it } from 'vitest';

import {
  CHALLENGE_SIGNING_MS,
  continueTarget,
  FORM_INVALID_TOAST,
  isChallengeFresh,
  issueNumber,
  readConnectWalletQuery,
  validateWalletForm,
} from './wallet-form';

describe('the wallet form', () => {
  it('requires the GitHub username and checks its format', () => {
    const publicKey = '0x1234567890';
    expect(validateWalletForm({ githubUsername: '', publicKey })).toEqual({
      githubUsername: 'GitHub username is required',
    });
    for (const bad of ['-dev', 'dev-', 'de_v', 'de v']) {
      expect(validateWalletForm({ githubUsername: bad, publicKey })).toEqual({
        githubUsername: 'Invalid GitHub username format',
      });
    }
    for (const good of ['a', 'dev', 'dev-42', 'A1']) {
      expect(validateWalletForm({ githubUsername: good, publicKey })).toEqual({});
    }
  });

  it('requires a public address of at least 10 characters', () => {
    expect(validateWalletForm({ githubUsername: 'dev', publicKey: '' })).toEqual({
      publicKey: 'Public address is required',
    });
    expect(validateWalletForm({ githubUsername: 'dev', publicKey: '   ' })).toEqual({
      publicKey: 'Public address is required',
    });
    expect(validateWalletForm({ githubUsername: 'dev', publicKey: '123456789' })).toEqual({
      publicKey: 'Public address is too short',
    });
    expect(validateWalletForm({ githubUsername: 'dev', publicKey: '1234567890' })).toEqual({});
  });

  it('reports both fields at once', () => {
    expect(validateWalletForm({ githubUsername: '', publicKey: '' })).toEqual({
      githubUsername: 'GitHub username is required',
      publicKey: 'Public address is required',
    });
    expect(FORM_INVALID_TOAST).toBe('Please fill in all required fields correctly');
  });
});

describe('the query parameters', () => {
  it('prefills the GitHub username from github, else user', () => {
    expect(readConnectWalletQuery('?github=octo&user=other').github).toBe('octo');
    expect(readConnectWalletQuery('?user=other').github).toBe('other');
    expect(readConnectWalletQuery('').github).toBe('');
  });

  it('continues to the issue only when owner, repo and issue are all there', () => {
    const all = readConnectWalletQuery('?owner=acme&repo=widgets&issue=7');
    expect(continueTarget(all, 'contributor')).toEqual({
      label: 'Continue to Issue',
      path: '/contributor/issue/acme/widgets/7',
    });
    const noIssue = readConnectWalletQuery('?owner=acme&repo=widgets');
    expect(continueTarget(noIssue, 'contributor')).toEqual({
      label: 'Go to Dashboard',
      path: '/contributor/dashboard',
    });
    expect(continueTarget(noIssue, 'maintainer').path).toBe('/maintainer/dashboard');
    // The issue's page is a contributor's: a maintainer goes to their own dashboard.
    expect(continueTarget(all, 'maintainer')).toEqual({
      label: 'Go to Dashboard',
      path: '/maintainer/dashboard',
    });
  });

  it('sends only a positive whole issue number', () => {
    expect(issueNumber('12')).toBe(12);
    expect(issueNumber('0')).toBeNull();
    expect(issueNumber('1e3')).toBeNull();
    // Beyond what the server takes (a GitHub issue number fits in 2^31): not sent.
    expect(issueNumber('2147483648')).toBe(2 ** 31);
    expect(issueNumber('2147483649')).toBeNull();
    expect(issueNumber('9999999999')).toBeNull();
    expect(issueNumber(null)).toBeNull();
  });
});

describe('isChallengeFresh', () => {
  const at = Date.parse('2026-11-28T12:00:00.000Z');
  const expiring = (ms: number) => ({ expiresAt: new Date(at + ms).toISOString() });

  it('signs a stored challenge with time to spare, and fetches again one about to expire or expired', () => {
    expect(isChallengeFresh(expiring(5 * 60_000), at)).toBe(true);
    expect(isChallengeFresh(expiring(CHALLENGE_SIGNING_MS + 1), at)).toBe(true);
    expect(isChallengeFresh(expiring(CHALLENGE_SIGNING_MS), at)).toBe(false);
    expect(isChallengeFresh(expiring(-1), at)).toBe(false);
  });
});
