import { describe, expect, it } from 'vitest';
import {
  DENOUNCED_AUTHOR_STATUS,
  DENOUNCED_CLOSE_MARKER,
  denouncedCloseComment,
  settlementComment,
  settlementCommentMarker,
  stakeStatus,
  STATUS_DESCRIPTION_MAX,
  UNSTAKED_BOUNTY_STATUS,
  UNSTAKED_LABEL,
  UNSTAKED_NOTICE_MARKER,
  unstakedNotice,
} from './github-bot';

describe('stakeStatus', () => {
  const stakeUrl = 'https://openstake.example/contributor/issue/acme/widgets/12';

  it('is green with the amount once staked, pending with where to stake before', () => {
    expect(stakeStatus({ issueNumber: 12, staked: { amount: 20 }, stakeUrl })).toEqual({
      state: 'success',
      description: 'Staked 20 coins on #12',
      targetUrl: stakeUrl,
    });
    expect(stakeStatus({ issueNumber: 12, staked: null, stakeUrl })).toEqual({
      state: 'pending',
      description: `Not staked yet: stake at ${stakeUrl}`,
      targetUrl: stakeUrl,
    });
  });

  it('on a bounty issue, says why it is pending: no stake yet, or an author who cannot stake', () => {
    expect(
      stakeStatus({ issueNumber: 12, staked: null, stakeUrl, bounty: { authorDenounced: false } }),
    ).toEqual({
      state: 'pending',
      description: "No stake yet: stake on OpenStake to enter this bounty's queue",
      targetUrl: stakeUrl,
    });
    expect(
      stakeStatus({ issueNumber: 12, staked: null, stakeUrl, bounty: { authorDenounced: true } }),
    ).toEqual({
      state: 'pending',
      description: 'The author cannot stake in this repository',
      targetUrl: stakeUrl,
    });
    // Staked is staked, bounty or not.
    expect(
      stakeStatus({
        issueNumber: 12,
        staked: { amount: 5 },
        stakeUrl,
        bounty: { authorDenounced: false },
      }).state,
    ).toBe('success');
    for (const reason of [UNSTAKED_BOUNTY_STATUS, DENOUNCED_AUTHOR_STATUS]) {
      expect(reason.length).toBeLessThanOrEqual(STATUS_DESCRIPTION_MAX);
    }
  });

  it('never writes a description longer than GitHub accepts', () => {
    const long = `https://openstake.example/${'a'.repeat(200)}`;
    const { description } = stakeStatus({ issueNumber: 1, staked: null, stakeUrl: long });
    expect(description).toHaveLength(STATUS_DESCRIPTION_MAX);
    expect(description.endsWith('…')).toBe(true);
  });
});

describe('settlementComment', () => {
  const base = {
    id: '5b0c1f7e-0000-4000-8000-000000000001',
    amount: 20,
    issueNumber: 12,
    coinsEarned: 0,
    xpEarned: 0,
    coinsLost: 0,
    bountyEarned: 0,
    login: 'octo-dev',
  };

  it('starts with the stake marker, so the bot finds and updates its own comment', () => {
    const body = settlementComment({ ...base, status: 'expired' });
    expect(body.split('\n')[0]).toBe(settlementCommentMarker(base.id));
  });

  it('a merge: coins, XP, the bounty and the maintainer rating', () => {
    const body = settlementComment({
      ...base,
      status: 'accepted',
      coinsEarned: 50,
      xpEarned: 25,
      bountyEarned: 100,
      feedback: {
        ratings: { codeQuality: 5, documentation: 4, testing: 3, performance: 2, security: 1 },
        tags: ['bugFix', 'docs'],
      },
    });
    expect(body).toContain(
      "**Merged.** @octo-dev's stake of 20 coins on #12 came back with 50 coins earned and 25 XP.",
    );
    expect(body).toContain('The bounty of 100 coins is paid.');
    expect(body).toContain(
      'Rating: 15/25 (Code Quality & Standards 5/5, Documentation & Comments 4/5, Testing Coverage 3/5, Performance Impact 2/5, Security Considerations 1/5).',
    );
    expect(body).toContain('Tags: Docs, Bug Fix.');
  });

  it('a merge without a bounty or a rating says neither', () => {
    const body = settlementComment({ ...base, status: 'accepted', coinsEarned: 10, xpEarned: 5 });
    expect(body).not.toContain('bounty');
    expect(body).not.toContain('Rating');
  });

  it('a rejection names the deduction and what came back; an expiry the full refund', () => {
    expect(settlementComment({ ...base, status: 'rejected', coinsLost: 2 })).toContain(
      "**Closed after review.** 2 coins of @octo-dev's stake of 20 coins on #12 went to the repository's treasury; 18 coins came back.",
    );
    expect(settlementComment({ ...base, amount: 1, status: 'expired' })).toContain(
      "**Closed without a review.** @octo-dev's stake of 1 coin on #12 was refunded in full.",
    );
  });

  it('a rejection that deducted nothing says the stake came back whole, not that 0 coins went', () => {
    const body = settlementComment({ ...base, status: 'rejected', coinsLost: 0 });
    expect(body).toContain(
      "**Closed after review.** @octo-dev's stake of 20 coins on #12 was refunded in full: this repository's deduction takes nothing from it.",
    );
    expect(body).not.toContain('treasury');
  });

  it('an expiry of an unmerged pull request says so, not that it was closed', () => {
    const body = settlementComment({ ...base, status: 'expired', timedOutAfterDays: 30 });
    expect(body).toContain(
      "**Stake expired.** @octo-dev's stake of 20 coins on #12 was refunded in full: the pull request was not merged within 30 days.",
    );
    expect(body).not.toContain('Closed');
  });
});

describe('the notice on an unstaked pull request and the close of a denounced author', () => {
  const stakeUrl = 'https://openstake.example/contributor/issue/acme/widgets/12';

  it('the notice starts with its marker, names the author, the issue, where to stake and the label', () => {
    const body = unstakedNotice({
      login: 'octo-dev',
      issueNumber: 12,
      stakeUrl,
      authorDenounced: false,
    });
    expect(body.split('\n')[0]).toBe(UNSTAKED_NOTICE_MARKER);
    expect(body).toContain(
      "@octo-dev, this pull request is on bounty issue #12 and carries no stake yet, so it is not in the maintainers' queue for the bounty.",
    );
    expect(body).toContain(`open ${stakeUrl}, sign in with GitHub`);
    expect(body).toContain('`/stake`');
    expect(body).toContain(`The label \`${UNSTAKED_LABEL}\` comes off once the stake is placed.`);
  });

  it('to a denounced author, the notice says they cannot stake, not how to', () => {
    const body = unstakedNotice({
      login: 'octo-dev',
      issueNumber: 12,
      stakeUrl,
      authorDenounced: true,
    });
    expect(body.split('\n')[0]).toBe(UNSTAKED_NOTICE_MARKER);
    expect(body).toContain('its author cannot stake in this repository');
    expect(body).not.toContain(stakeUrl);
    expect(body).not.toContain('/stake');
  });

  it("the close names the maintainers' denouncement and nothing of its reason", () => {
    const body = denouncedCloseComment({ login: 'spam-bot-9' });
    expect(body.split('\n')[0]).toBe(DENOUNCED_CLOSE_MARKER);
    expect(body).toContain(
      "@spam-bot-9, this repository's maintainers have denounced your GitHub account on OpenStake",
    );
  });
});
