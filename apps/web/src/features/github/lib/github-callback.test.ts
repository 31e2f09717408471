import { describe, expect, it } from 'vitest';

import {
  GITHUB_ERROR_FALLBACK,
  GITHUB_MESSAGE_MAX_LENGTH,
  githubCallbackError,
  stateAfterCallback,
  readGithubCallback,
} from './github-callback';

describe('readGithubCallback', () => {
  it('reads a successful connection and drops the parameter', () => {
    expect(readGithubCallback('?github=connected')).toEqual({
      outcome: { status: 'connected' },
      search: '',
    });
  });

  it('reads an error with its URL-encoded message', () => {
    const message =
      'The GitHub account you approved (octo-dev) does not match your GitHub username (newbie-nia)';
    expect(readGithubCallback(`?github=error&message=${encodeURIComponent(message)}`)).toEqual({
      outcome: { status: 'error', message },
      search: '',
    });
    expect(readGithubCallback('?github=error&message=GitHub+authorization+was+cancelled')).toEqual({
      outcome: { status: 'error', message: 'GitHub authorization was cancelled' },
      search: '',
    });
  });

  it('keeps the other parameters in order', () => {
    expect(readGithubCallback('?tab=stakes&github=error&message=Nope&page=2')).toEqual({
      outcome: { status: 'error', message: 'Nope' },
      search: '?tab=stakes&page=2',
    });
    expect(readGithubCallback('github=connected&tab=stakes')?.search).toBe('?tab=stakes');
  });

  it('falls back to a generic message when the error has none', () => {
    for (const search of [
      '?github=error',
      '?github=error&message=',
      '?github=error&message=%20%0A',
    ]) {
      expect(readGithubCallback(search)?.outcome).toEqual({
        status: 'error',
        message: GITHUB_ERROR_FALLBACK,
      });
    }
  });

  it('puts the message on one line and bounds its length', () => {
    expect(githubCallbackError({ search: '?github=error&message=line%0Aone%09%00two' })).toBe(
      'line one two',
    );
    const long = 'x'.repeat(GITHUB_MESSAGE_MAX_LENGTH + 50);
    const shown = githubCallbackError({ search: `?github=error&message=${long}` });
    expect(Array.from(shown ?? '')).toHaveLength(GITHUB_MESSAGE_MAX_LENGTH);
    expect(shown?.endsWith('…')).toBe(true);
  });

  it('does nothing without a known github parameter', () => {
    expect(readGithubCallback('')).toBeNull();
    expect(readGithubCallback('?tab=stakes')).toBeNull();
    expect(readGithubCallback('?message=hello')).toBeNull();
    expect(readGithubCallback('?github=maybe&message=hello')).toBeNull();
  });
});

describe('githubCallbackError', () => {
  it('gives the message of an error only', () => {
    expect(githubCallbackError({ search: '?github=error&message=Sign+up+first' })).toBe(
      'Sign up first',
    );
    expect(githubCallbackError({ search: '?github=connected' })).toBeNull();
    expect(githubCallbackError({ search: '' })).toBeNull();
  });

  it('finds the error in the history state once the URL no longer carries it', () => {
    const callback = readGithubCallback('?github=error&message=Sign+up+first&tab=stakes')!;
    const state = stateAfterCallback(callback, { from: '/x' });
    expect(state).toEqual({ from: '/x', githubError: 'Sign up first' });
    expect(githubCallbackError({ search: callback.search, state })).toBe('Sign up first');
    const connected = readGithubCallback('?github=connected')!;
    expect(stateAfterCallback(connected, null)).toBeNull();
    expect(githubCallbackError({ search: '', state: null })).toBeNull();
    expect(githubCallbackError({ search: '', state: { githubError: 42 } })).toBeNull();
  });
});
