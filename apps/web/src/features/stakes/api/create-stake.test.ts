import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';

import { checkStakeInput, refreshAfterStake } from './create-stake';
import { contributorProfileKeys } from '@/features/contributor-profile/api/query-keys';
import { issuesKeys } from '@/features/issues/api/query-keys';
import { stakesKeys } from './query-keys';
import { appConfigKeys } from '@/features/app-config/api/query-keys';

describe('checkStakeInput', () => {
  it('trims the pull-request URL', () => {
    expect(
      checkStakeInput({
        issueId: 42,
        prUrl: '  https://github.com/acme/widgets/pull/8 ',
        amount: 10,
        aiAssistance: 'none',
      }),
    ).toEqual({
      ok: true,
      input: {
        issueId: 42,
        prUrl: 'https://github.com/acme/widgets/pull/8',
        amount: 10,
        aiAssistance: 'none',
      },
    });
  });

  it("refuses a URL that is blank after trimming with the product's text", () => {
    expect(
      checkStakeInput({ issueId: 42, prUrl: '   ', amount: 10, aiAssistance: 'none' }),
    ).toEqual({
      ok: false,
      message: 'Please provide a valid PR URL',
    });
  });

  it('does not check the URL format: the server decides what a valid pull request is', () => {
    expect(
      checkStakeInput({ issueId: 42, prUrl: 'not a url', amount: 10, aiAssistance: 'none' }).ok,
    ).toBe(true);
  });
});

describe('refreshAfterStake', () => {
  it("makes the stakes, the balance and the issue's page read anew", async () => {
    const queryClient = new QueryClient();
    const keys = [stakesKeys.all, contributorProfileKeys.dashboard, issuesKeys.detail(42)];
    for (const key of keys) queryClient.setQueryData(key, {});
    queryClient.setQueryData(appConfigKeys.all, {});

    await refreshAfterStake(queryClient);

    for (const key of keys)
      expect(queryClient.getQueryState(key)?.isInvalidated, String(key)).toBe(true);
    expect(queryClient.getQueryState(['app-config'])?.isInvalidated).toBe(false);
  });
});
