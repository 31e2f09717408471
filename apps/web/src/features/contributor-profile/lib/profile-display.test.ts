import { describe, expect, it } from 'vitest';

import { bioCounter, profileBio, profileDisplayName } from './profile-display';

const githubInfo = {
  avatar_url: 'https://avatars.example/1',
  name: 'Octo Dev',
  bio: 'Builds things',
  public_repos: 3,
  followers: 1,
  following: 2,
  location: null,
};

describe('profileDisplayName', () => {
  it('prefers the profile name, then the GitHub name, then the username', () => {
    expect(profileDisplayName({ name: 'Ada', githubInfo, githubUsername: 'octo-dev' })).toBe('Ada');
    expect(profileDisplayName({ name: '  ', githubInfo, githubUsername: 'octo-dev' })).toBe(
      'Octo Dev',
    );
    expect(profileDisplayName({ name: null, githubInfo: null, githubUsername: 'octo-dev' })).toBe(
      'octo-dev',
    );
    expect(profileDisplayName({ name: null, githubInfo: null, githubUsername: null })).toBe(
      'Contributor',
    );
  });
});

describe('profileBio', () => {
  it('falls back to the GitHub bio', () => {
    expect(profileBio({ bio: 'Mine', githubInfo })).toBe('Mine');
    expect(profileBio({ bio: null, githubInfo })).toBe('Builds things');
    expect(profileBio({ bio: '', githubInfo: null })).toBeNull();
  });
});

describe('bioCounter', () => {
  it('counts against 500 and flags anything above', () => {
    expect(bioCounter('')).toEqual({ text: '0/500', over: false });
    expect(bioCounter('a'.repeat(500))).toEqual({ text: '500/500', over: false });
    expect(bioCounter('a'.repeat(501))).toEqual({ text: '501/500', over: true });
  });
});
