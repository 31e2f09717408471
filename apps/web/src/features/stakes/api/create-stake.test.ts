import { describe, expect, it } from 'vitest';

import { checkStakeInput } from './create-stake';

describe('checkStakeInput', () => {
  it('trims the pull-request URL', () => {
    expect(
      checkStakeInput({
        issueId: 42,
        prUrl: '  https://github.com/acme/widgets/pull/8 ',
        amount: 10,
      }),
    ).toEqual({
      ok: true,
      input: { issueId: 42, prUrl: 'https://github.com/acme/widgets/pull/8', amount: 10 },
    });
  });

  it('refuses a URL that is blank after trimming with the spec text', () => {
    expect(checkStakeInput({ issueId: 42, prUrl: '   ', amount: 10 })).toEqual({
      ok: false,
      message: 'Please provide a valid PR URL',
    });
  });

  it('does not check the URL format: the server decides what a valid pull request is', () => {
    expect(checkStakeInput({ issueId: 42, prUrl: 'not a url', amount: 10 }).ok).toBe(true);
  });
});
