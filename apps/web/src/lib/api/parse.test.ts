import { stakeSchema } from '@openstake/core';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { ApiError } from './api-error';
import { parseData, retryUnlessClientError } from './parse';

afterEach(() => {
  vi.restoreAllMocks();
});

const stake = {
  _id: 's1',
  status: 'pending',
  issueId: 1,
  issueNumber: 7,
  issueTitle: 'Fix it',
  repository: 'acme/widgets',
  amount: 10,
  createdAt: '2025-03-05T10:00:00.000Z',
  settledAt: null,
  coinsEarned: 0,
  xpEarned: 0,
  coinsLost: 0,
  bountyEarned: 0,
  xpUncounted: 0,
  xpLimitReason: null,
  prUrl: 'https://github.com/acme/widgets/pull/8',
};

describe('parseData', () => {
  it('returns what matches the schema', () => {
    expect(parseData(stakeSchema.array(), [stake])).toEqual([stake]);
  });

  it('turns a body that does not match into an ApiError', () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    expect(() => parseData(stakeSchema, { ...stake, amount: 'ten' })).toThrow(ApiError);
    expect(() => parseData(stakeSchema.array(), undefined)).toThrow(ApiError);
  });
});

describe('retryUnlessClientError', () => {
  it('never retries a 4xx answer', () => {
    expect(retryUnlessClientError(0, new ApiError({ status: 404 }))).toBe(false);
    expect(retryUnlessClientError(0, new ApiError({ status: 403 }))).toBe(false);
  });

  it('retries a server or network failure once', () => {
    expect(retryUnlessClientError(0, new ApiError({ status: 500 }))).toBe(true);
    expect(retryUnlessClientError(0, new ApiError({ status: 0 }))).toBe(true);
    expect(retryUnlessClientError(1, new ApiError({ status: 500 }))).toBe(false);
  });
});
