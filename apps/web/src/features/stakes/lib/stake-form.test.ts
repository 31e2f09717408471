import type { Stake } from '@openstake/core';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { ApiError, errorMessage } from '@/lib/api/api-error';
import { CREATE_STAKE_FALLBACK_MESSAGE, createStake } from '../api/create-stake';
import { AI_ASSISTANCE_CHOICES, isAiAssistance, stakeInputFor } from './stake-form';

afterEach(() => {
  vi.unstubAllGlobals();
});

function respond(status: number, body: unknown) {
  return vi.fn<typeof fetch>(async () =>
    Promise.resolve(
      new Response(JSON.stringify(body), {
        status,
        headers: { 'Content-Type': 'application/json' },
      }),
    ),
  );
}

// A new account's price: twice the issue's stake.
const issue = {
  id: 42,
  stakingRequired: 10,
  stakePrice: {
    amount: 20,
    factorPercent: 200,
    text: '20 coins: 2x while your account is new (under 30 days)',
  },
};
const PR_URL = 'https://github.com/acme/widgets/pull/8';

const stake: Stake = {
  _id: 's1',
  status: 'pending',
  issueId: 42,
  issueNumber: 7,
  issueTitle: 'Support pagination',
  repository: 'acme/widgets',
  amount: 20,
  createdAt: '2026-11-29T00:00:00.000Z',
  settledAt: null,
  coinsEarned: 0,
  xpEarned: 0,
  coinsLost: 0,
  bountyEarned: 0,
  xpUncounted: 0,
  xpLimitReason: null,
  prUrl: PR_URL,
};

/** What the stake dialog posts for these values, as fetch sees it. */
async function posted(values: Parameters<typeof stakeInputFor>[1]) {
  const fetchMock = respond(201, { success: true, data: stake });
  vi.stubGlobal('fetch', fetchMock);
  const checked = stakeInputFor(issue, values);
  if (!checked.ok) throw new Error(checked.message);
  await createStake(checked.input);
  const [url, init] = fetchMock.mock.calls[0]!;
  return { url, method: init?.method, body: JSON.parse(init?.body as string) as unknown };
}

describe('the stake dialog request', () => {
  it("sends the contributor's price, not the issue's stake, and the declaration chosen", async () => {
    expect(await posted({ prUrl: ` ${PR_URL} `, aiAssistance: 'assisted' })).toEqual({
      url: '/api/contributor/stakes',
      method: 'POST',
      body: { issueId: 42, prUrl: PR_URL, amount: 20, aiAssistance: 'assisted' },
    });
  });

  it("declares 'none' unless another is chosen, and 'generated' when it is", async () => {
    expect((await posted({ prUrl: PR_URL, aiAssistance: 'none' })).body).toMatchObject({
      aiAssistance: 'none',
    });
    expect((await posted({ prUrl: PR_URL, aiAssistance: 'generated' })).body).toMatchObject({
      amount: 20,
      aiAssistance: 'generated',
    });
  });

  it("a refusal rejects with the server's reason, the text the dialog shows", async () => {
    const reason = 'acme/widgets does not accept generated pull requests';
    vi.stubGlobal('fetch', respond(403, { success: false, code: 'FORBIDDEN', message: reason }));
    const checked = stakeInputFor(issue, { prUrl: PR_URL, aiAssistance: 'generated' });
    if (!checked.ok) throw new Error(checked.message);
    const error = await createStake(checked.input).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(errorMessage(error, CREATE_STAKE_FALLBACK_MESSAGE)).toBe(reason);
  });

  it('a blank pull request is refused before anything is sent', () => {
    expect(stakeInputFor(issue, { prUrl: '  ', aiAssistance: 'none' })).toEqual({
      ok: false,
      message: 'Please provide a valid PR URL',
    });
  });
});

describe('AI_ASSISTANCE_CHOICES', () => {
  it('offers the three declarations the server takes, None first', () => {
    expect(AI_ASSISTANCE_CHOICES.map((c) => c.label)).toEqual([
      'None',
      'Assisted (AI helped, I wrote and checked it)',
      'Generated (mostly written by AI)',
    ]);
    expect(AI_ASSISTANCE_CHOICES.every((c) => isAiAssistance(c.value))).toBe(true);
    expect(isAiAssistance('mostly')).toBe(false);
  });
});
