import type { SuggestedIssue } from '@openstake/core';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { beforeAll, describe, expect, it } from 'vitest';

import { SuggestedIssueCard } from './suggested-issue-card';
import { loadMarkdown } from '../hooks/use-markdown';

const issue: SuggestedIssue = {
  id: 3000017,
  number: 17,
  title: 'Support pagination',
  body: '## Why\nLists get **long**.',
  difficulty: 'intermediate',
  bounty: 40,
  xpReward: 50,
  stakingRequired: 10,
  stakePrice: { amount: 10, factorPercent: 100, text: '10 coins' },
  htmlUrl: 'https://github.com/acme/widgets/issues/17',
  repository: {
    fullName: 'acme/widgets',
    description: null,
    language: 'TypeScript',
    stargazersCount: 1234,
    htmlUrl: 'https://github.com/acme/widgets',
  },
};

// The excerpt's pipeline is a lazy chunk: here it is loaded first, as a screen preloads it.
beforeAll(async () => {
  await loadMarkdown();
});

describe('SuggestedIssueCard', () => {
  it('shows what the issue pays and asks, with both actions', () => {
    const html = renderToStaticMarkup(
      createElement(MemoryRouter, null, createElement(SuggestedIssueCard, { issue })),
    );
    expect(html).toContain('Support pagination');
    expect(html).toContain('intermediate');
    expect(html).toContain('acme/widgets');
    expect(html).toContain('TypeScript');
    expect(html).toContain('Why Lists get long.');
    expect(html).toContain('+40 coins bounty');
    // What a merge can pay: by the maintainer's ratings, or the issue's own XP on GitHub.
    expect(html).toContain('1–204 XP');
    expect(html).toContain('merged on GitHub without them, 50 XP.');
    expect(html).not.toContain('+50 XP');
    expect(html).toContain('1,234');
    expect(html).toContain('You stake 10 coins');
    expect(html).not.toContain('Issue stake');
    expect(html).toContain('#17');
    expect(html).toMatch(
      /<a[^>]*href="https:\/\/github.com\/acme\/widgets\/issues\/17"[^>]*target="_blank"[^>]*rel="noopener noreferrer"[^>]*>.*?View Issue/,
    );
    expect(html).toMatch(/<a[^>]*href="\/contributor\/issue\/3000017"[^>]*>.*?Stake Now/);
  });

  it('advertises no bounty on an issue without one', () => {
    const html = renderToStaticMarkup(
      createElement(
        MemoryRouter,
        null,
        createElement(SuggestedIssueCard, { issue: { ...issue, bounty: 0 } }),
      ),
    );
    expect(html).not.toContain('+0 coins');
    expect(html).not.toContain('bounty');
    expect(html).toContain('1–204 XP');
    expect(html).toContain('You stake 10 coins');
  });

  it("shows the contributor's price and why, and the issue's own stake more quietly", () => {
    const html = renderToStaticMarkup(
      createElement(
        MemoryRouter,
        null,
        createElement(SuggestedIssueCard, {
          issue: {
            ...issue,
            stakePrice: {
              amount: 20,
              factorPercent: 200,
              text: '20 coins: 2x while your account is new (under 30 days)',
            },
          },
        }),
      ),
    );
    expect(html).toMatch(
      /<li class="font-medium" data-testid="stake-price">You stake 20 coins: 2x while your account is new \(under 30 days\)<\/li>/,
    );
    expect(html).toMatch(/<li class="text-muted-foreground">Issue stake: 10 coins<\/li>/);
  });

  it('excerpts the sanitised body: nothing of a script tag shows', () => {
    const html = renderToStaticMarkup(
      createElement(
        MemoryRouter,
        null,
        createElement(SuggestedIssueCard, {
          issue: { ...issue, body: '<script>window.xss=1</script>Fix it' },
        }),
      ),
    );
    expect(html).toContain('Fix it');
    expect(html).not.toContain('window.xss');
  });
});
