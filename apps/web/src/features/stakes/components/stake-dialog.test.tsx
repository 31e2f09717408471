import type { DashboardProfile } from '@openstake/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';

import { Dialog } from '@/components/ui/dialog';
import { contributorProfileKeys } from '@/features/contributor-profile/api/query-keys';
import type { StakeFormValues } from '../lib/stake-form';
import { StakeForm } from './stake-dialog';

const issue = {
  id: 42,
  title: 'Support pagination',
  repository: {
    fullName: 'acme/widgets',
    description: null,
    language: 'TypeScript',
    stargazersCount: 3,
    htmlUrl: 'https://github.com/acme/widgets',
  },
  deductionPercent: 10,
  stakingRequired: 10,
  stakePrice: {
    amount: 20,
    factorPercent: 200,
    text: '20 coins: 2x while your account is new (under 30 days)',
  },
};

const profile = (coins: number): DashboardProfile => ({
  github: 'linked',
  profile: { avatar_url: null, login: 'sam', name: null, public_repos: 1 },
  stats: { coins, xp: 0, rank: 'Code Novice', nextRankXP: 100, activeBounties: 0 },
});

/** The dialog's form as it renders, for a contributor with `coins`. */
function render(
  options: {
    stake?: typeof issue;
    coins?: number;
    values?: StakeFormValues;
    error?: string | null;
  } = {},
): string {
  const queryClient = new QueryClient();
  queryClient.setQueryData(contributorProfileKeys.dashboard, profile(options.coins ?? 100));
  return renderToStaticMarkup(
    createElement(
      QueryClientProvider,
      { client: queryClient },
      createElement(
        Dialog,
        { open: true },
        createElement(StakeForm, {
          issue: options.stake ?? issue,
          values: options.values ?? { prUrl: '', aiAssistance: 'none' },
          onValuesChange: () => undefined,
          error: options.error ?? null,
          isSubmitting: false,
          onSubmit: () => undefined,
        }),
      ),
    ),
  );
}

const radio = (label: string) =>
  new RegExp(
    `<button[^>]*role="radio"[^>]*id="([^"]+)"[^>]*>.*?<label[^>]*for="\\1"[^>]*>${label}</label>`,
  );
const checked = (html: string) =>
  /<button[^>]*role="radio"[^>]*aria-checked="true"[^>]*id="([^"]+)"[^>]*>.*?<label[^>]*for="\1"[^>]*>([^<]+)<\/label>/.exec(
    html,
  )?.[2];

describe('StakeForm', () => {
  it("shows the contributor's price and why, and the issue's own stake more quietly", () => {
    const html = render();
    expect(html).toMatch(/name="amount"[^>]*value="20"/);
    expect(html).toContain('You stake 20 coins: 2x while your account is new (under 30 days)');
    expect(html).toContain('Issue stake: 10 coins');
    // What a rejection would keep is a share of what they stake: 10 % of 20 coins.
    expect(html).toMatch(/data-testid="deduction-risk">[^<]*keeps 2 coins/);
  });

  it("checks the balance against the contributor's price", () => {
    const after = (html: string) => /Balance After Staking<\/dt><dd[^>]*>([^<]+)</.exec(html)?.[1];
    expect(after(render({ coins: 100 }))).toBe('80 coins');
    expect(render({ coins: 100 })).toMatch(/<dt[^>]*>Stake<\/dt><dd[^>]*>-20 coins</);
    // 15 coins cover the issue's stake (10) but not this contributor's price (20).
    const short = render({ coins: 15 });
    expect(after(short)).toBe('-5 coins');
    expect(short).toContain('Your balance is lower than this stake.');
  });

  it("says the issue's stake once when the contributor pays it as it is", () => {
    const html = render({
      stake: { ...issue, stakePrice: { amount: 10, factorPercent: 100, text: '10 coins' } },
    });
    expect(html).toMatch(/name="amount"[^>]*value="10"/);
    expect(html).toContain('You stake 10 coins');
    expect(html).not.toContain('Issue stake');
  });

  it('asks for the AI-assistance declaration, a labelled, required choice set to None', () => {
    const html = render();
    const group = /<div[^>]*role="radiogroup"[^>]*>/.exec(html)?.[0] ?? '';
    expect(group).toContain('aria-required="true"');
    const labelledBy = /aria-labelledby="([^"]+)"/.exec(group)?.[1];
    expect(html).toContain(`id="${labelledBy ?? 'missing'}"`);
    expect(html).toMatch(new RegExp(`id="${labelledBy ?? 'missing'}"[^>]*>AI assistance`));
    for (const label of [
      'None',
      'Assisted \\(AI helped, I wrote and checked it\\)',
      'Generated \\(mostly written by AI\\)',
    ])
      expect(html).toMatch(radio(label));
    expect(checked(html)).toBe('None');
    expect(checked(render({ values: { prUrl: '', aiAssistance: 'generated' } }))).toBe(
      'Generated (mostly written by AI)',
    );
  });

  it('shows a refusal in the dialog, with what was typed and chosen kept', () => {
    const reason = 'acme/widgets does not accept generated pull requests';
    const prUrl = 'https://github.com/acme/widgets/pull/8';
    const html = render({ values: { prUrl, aiAssistance: 'generated' }, error: reason });
    expect(html).toMatch(
      new RegExp(`<div[^>]*role="alert"[^>]*data-testid="stake-error"[^>]*>.*${reason}`),
    );
    expect(html).toContain(`value="${prUrl}"`);
    expect(checked(html)).toBe('Generated (mostly written by AI)');
    expect(render()).not.toContain('stake-error');
  });
});
