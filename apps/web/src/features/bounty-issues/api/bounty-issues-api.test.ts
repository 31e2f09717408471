import { afterEach, describe, expect, it, vi } from 'vitest';

import { ApiError } from '@/lib/api/api-error';
import { DEFAULT_BOUNTY_ISSUE_FILTERS } from '../lib/bounty-issue-filters';
import { bountyIssuesErrorMessage, getBountyIssues } from './bounty-issues';
import { createBountyIssue } from './create-bounty-issue';
import { getMaintainerBalance } from './maintainer-balance';

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

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const page = {
  issues: [],
  stats: {
    totalIssues: 0,
    totalBountyAmount: 0,
    totalStakeAmount: 0,
    activeIssues: 0,
    completedIssues: 0,
    inProgressIssues: 0,
  },
  pagination: { currentPage: 2, totalPages: 0, totalItems: 0, itemsPerPage: 20 },
};

describe('getBountyIssues', () => {
  it('asks the server for the filtered page', async () => {
    const fetchMock = respond(200, { success: true, data: page });
    vi.stubGlobal('fetch', fetchMock);

    await expect(
      getBountyIssues({ ...DEFAULT_BOUNTY_ISSUE_FILTERS, page: 2, status: 'open', search: 'ui' }),
    ).resolves.toEqual(page);
    expect(fetchMock.mock.calls[0]![0]).toBe(
      '/api/maintainer/bounty-issues?page=2&status=open&difficulty=all&search=ui',
    );
  });
});

describe('bountyIssuesErrorMessage', () => {
  it("prefixes the reason with the product's text", () => {
    expect(bountyIssuesErrorMessage(new ApiError({ status: 500, serverMessage: 'Boom' }))).toBe(
      'Failed to fetch bounty issues: Boom',
    );
    expect(bountyIssuesErrorMessage(new ApiError({ status: 502 }))).toBe(
      'Failed to fetch bounty issues: HTTP 502',
    );
    expect(bountyIssuesErrorMessage('??')).toBe('Failed to fetch bounty issues: Unknown error');
  });
});

describe('createBountyIssue', () => {
  it('posts the checked input and returns the created issue', async () => {
    const created = {
      issueId: 1,
      number: 42,
      title: 'Fix',
      htmlUrl: 'https://github.com/acme/widgets/issues/42',
      stakeAmount: 10,
      bountyAmount: 100,
      fee: 5,
      balance: 895,
      chainBounty: null,
    };
    const fetchMock = respond(201, { success: true, data: created });
    vi.stubGlobal('fetch', fetchMock);
    const input = {
      owner: 'acme',
      repo: 'widgets',
      title: 'Fix',
      stakeAmount: 10,
      bountyAmount: 100,
    };

    await expect(createBountyIssue(input)).resolves.toEqual(created);
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/maintainer/bounty-issues');
    expect(init?.method).toBe('POST');
    expect(JSON.parse(init?.body as string)).toEqual(input);
  });

  it("rejects with the server's message (insufficient coins)", async () => {
    vi.stubGlobal(
      'fetch',
      respond(422, {
        success: false,
        code: 'INSUFFICIENT_COINS',
        message: 'You need 1050 coins for this bounty and its fee; you have 500',
      }),
    );
    await expect(
      createBountyIssue({ owner: 'a', repo: 'b', title: 't', stakeAmount: 1, bountyAmount: 1000 }),
    ).rejects.toMatchObject({ status: 422, code: 'INSUFFICIENT_COINS' });
  });
});

describe('getMaintainerBalance', () => {
  it('reads the coins', async () => {
    vi.stubGlobal('fetch', respond(200, { success: true, data: { coins: 1000 } }));
    await expect(getMaintainerBalance()).resolves.toEqual({ coins: 1000 });
  });

  it('refuses a body that is not a whole number of coins', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    vi.stubGlobal('fetch', respond(200, { success: true, data: { coins: '1000' } }));
    await expect(getMaintainerBalance()).rejects.toBeInstanceOf(ApiError);
  });
});
