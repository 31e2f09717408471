import { COMPLEXITY_FACTOR_IDS, FEEDBACK_TAG_IDS, MERGE_BONUS_IDS } from '@openstake/core';
import type { Locator } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { signInAsDemoMaintainer, signUpAndLinkGithub } from './helpers/accounts';
import { numberIn, toast, useBrowser } from './helpers/browser';
import { simControl } from './helpers/github-sim';
import { stakePriceOf } from './helpers/stakes';

const browser = useBrowser();
// frontend-fay administers the pixel-forge organization and is one of the demo's maintainers
// (seeded with some of its repositories connected, not shader-lab); gopher-gus is a member.
const OWNER = 'pixel-forge';
const REPO = 'shader-lab';
const FULL_NAME = `${OWNER}/${REPO}`;

describe('the maintainer side, end to end', () => {
  it('connects a repository, posts a bounty issue, and merges the staked pull request with ratings that pay the contributor', async () => {
    // The maintainer connects the repository from the dashboard.
    const maintainer = await browser.newPage();
    await signInAsDemoMaintainer(maintainer, 'frontend-fay');
    await maintainer.getByRole('heading', { name: 'Repositories', exact: true }).waitFor();
    await maintainer.getByRole('searchbox', { name: 'Search repositories' }).fill(REPO);
    const row = maintainer.getByTestId('repository-row').filter({ hasText: FULL_NAME });
    await row.getByText('Public').waitFor();
    // Demo mode runs OpenStake's GitHub App: Connect opens its installation page on GitHub,
    // where she installs it on the repository; GitHub's installation event connects it.
    const installUrl = await row
      .getByRole('link', {
        name: `Connect ${FULL_NAME}: install OpenStake's GitHub App (opens GitHub)`,
      })
      .getAttribute('href');
    expect(installUrl).toMatch(/\/apps\/openstake\/installations\/new$/);
    const github = await browser.newPage();
    await github.goto(installUrl!);
    await github.getByLabel('GitHub account').selectOption('frontend-fay');
    await github.getByLabel('Repository').selectOption(FULL_NAME);
    await github.getByRole('button', { name: 'Install' }).click();
    await github.getByText(`OpenStake is installed on ${FULL_NAME}.`, { exact: false }).waitFor();
    await github.close();
    await maintainer.reload();
    await maintainer.getByRole('searchbox', { name: 'Search repositories' }).fill(REPO);
    await row.getByText('Connected · 10% deduction').waitFor();

    // ... and creates an issue with a stake of 10 and a bounty of 100 coins.
    await maintainer.goto(`/maintainer/new-issue?owner=${OWNER}&repo=${REPO}`);
    expect(await maintainer.getByLabel('Owner').inputValue()).toBe(OWNER);
    expect(await maintainer.getByLabel('Repository').inputValue()).toBe(REPO);
    await maintainer.getByLabel('Title').fill('Render sprites in batches');
    await maintainer.getByLabel('Description').fill('Draw calls dominate the frame time.');
    await maintainer.getByRole('button', { name: 'Stake 10 coins' }).click();
    await maintainer.getByRole('button', { name: 'Bounty 100 coins' }).click();
    await maintainer.getByRole('checkbox', { name: 'enhancement' }).click();
    await maintainer.getByTestId('summary-pay-now').getByText(/105/).waitFor();
    await maintainer.getByRole('button', { name: 'Create Issue with Stake & Bounty' }).click();
    const created = maintainer.getByTestId('issue-created');
    await created.waitFor();
    const issueNumber = numberIn(await created.getByText(/^Issue #\d+ created$/).textContent());
    expect(issueNumber).toBeGreaterThan(0);
    // The stake and the bounty are coins, and said to be; no chain bounty was asked for.
    await created
      .getByText(
        `Issue #${String(issueNumber)} created on GitHub with a 10-coin stake and a 100-coin bounty`,
        { exact: true },
      )
      .waitFor();
    expect(await created.getByTestId('chain-bounty').count()).toBe(0);

    // The bounty issue is listed as open, with its amounts.
    await maintainer.goto('/maintainer/bounty-issues');
    const card = maintainer
      .getByTestId('bounty-issue')
      .filter({ hasText: 'Render sprites in batches' });
    await card.getByText('Open', { exact: true }).waitFor();

    // A contributor finds it among the suggested issues and stakes on it with a pull request.
    const contributor = await browser.newPage();
    const simOrigin = await signUpAndLinkGithub(contributor, 'contributor', 'gopher-gus');
    await contributor.getByRole('tab', { name: 'Suggested Issues' }).click();
    const suggestion = contributor
      .getByTestId('suggested-issue')
      .filter({ hasText: 'Render sprites in batches' });
    // The card shows what this contributor stakes (their price) and the issue's own 10-coin stake.
    const price = Number(
      /^You stake (\d+) coins/.exec(
        (await suggestion
          .getByTestId('stake-price')
          .getByText(/^You stake \d+ coins/)
          .textContent()) ?? '',
      )?.[1],
    );
    // A new account pays more than the issue's stake (decision 015).
    expect(price).toBeGreaterThan(10);
    await suggestion.getByText(/^Issue stake: 10 coins$/).waitFor();
    await suggestion.getByRole('link', { name: 'Stake Now' }).click();
    const pr = await simControl<{ number: number; html_url: string }>(
      simOrigin,
      `/repos/${FULL_NAME}/pulls`,
      {
        author: 'gopher-gus',
        title: `Batch sprite rendering (#${issueNumber})`,
        body: `Fixes #${issueNumber}`,
      },
    );
    await contributor.getByRole('button', { name: 'Stake & Start Working' }).click();
    await contributor.getByLabel('Pull Request URL').fill(pr.html_url);
    await contributor.getByRole('button', { name: 'Confirm Stake' }).click();
    await toast(contributor, 'Stake created successfully! Good luck with your PR!');

    // The maintainer sees the stake on the pull request and merges it with feedback:
    // ratings 4 + 3, Bug Fix (12 XP), bounty-backed (10): 29 XP and 58 coins.
    await maintainer.goto(`/maintainer/repo/${OWNER}/${REPO}/issues`);
    await maintainer.getByRole('heading', { name: `${FULL_NAME} Pull Requests` }).waitFor();
    const pull = maintainer.getByTestId('pull-request').filter({ hasText: `#${pr.number}` });
    await pull
      .getByText(new RegExp(`\\b${String(price)} coins`))
      .first()
      .waitFor();
    await pull.getByRole('button', { name: 'View Details' }).click();
    await pull.getByRole('button', { name: 'Merge PR' }).click();
    const dialog = maintainer.getByRole('dialog');
    const submit = dialog.getByRole('button', { name: 'Submit & Merge PR' });
    expect(await submit.isDisabled()).toBe(true);
    await rateIn(dialog, 'Code Quality & Standards', 4);
    await rateIn(dialog, 'Testing Coverage', 3);
    await dialog.getByRole('checkbox', { name: /^Bug Fix/ }).click();
    await dialog.getByRole('checkbox', { name: /^Issue was bounty-backed/ }).click();
    await dialog.getByTestId('score-badge').getByText('Score: 7/25').waitFor();
    await dialog.getByTestId('reward-preview').getByText('+29 XP').waitFor();
    await dialog.getByTestId('reward-preview').getByText('+58 coins').waitFor();
    await submit.click();
    await toast(
      maintainer,
      '+29 XP / +58 coins for gopher-gus, bounty of 100 coins paid, stake returned.',
    );
    await pull.waitFor({ state: 'detached' });

    // The bounty issue is now completed.
    await maintainer.goto('/maintainer/bounty-issues?status=completed');
    await maintainer
      .getByTestId('bounty-issue')
      .filter({ hasText: 'Render sprites in batches' })
      .waitFor();

    // The contributor's dashboard shows the reward and the bounty: stake back, +58 +100 coins.
    await contributor.goto('/contributor/dashboard?tab=stakes');
    const stakeRow = contributor
      .getByTestId('stake-row')
      .filter({ hasText: `Issue #${issueNumber}` });
    const outcome = stakeRow.getByTestId('stake-outcome');
    await outcome.getByText('+158 coins').waitFor();
    await outcome.getByText('incl. 100 coins bounty').waitFor();
    await outcome.getByText('+29 XP').waitFor();
    await stakeRow.getByText('Accepted').waitFor();
    await contributor.getByRole('tab', { name: 'Overview' }).click();
    await contributor.getByTestId('stat-coins').getByText('258').waitFor();

    // Two more of gopher-gus's pull requests, merged by frontend-fay with everything (204 XP
    // offered each): with the 29 above, 300 count, her limit for him in 30 days (decision 012).
    const stakedPullRequest = async (title: string) => {
      const bountyIssue = await maintainer.request.post('/api/maintainer/bounty-issues', {
        data: {
          owner: OWNER,
          repo: REPO,
          title,
          body: 'More batching.',
          labels: [],
          assignees: [],
          milestone: null,
          stakeAmount: 5,
          bountyAmount: 1,
        },
      });
      expect(bountyIssue.status()).toBe(201);
      const { issueId, number } = (
        (await bountyIssue.json()) as {
          data: { issueId: number; number: number };
        }
      ).data;
      const opened = await simControl<{ number: number; html_url: string }>(
        simOrigin,
        `/repos/${FULL_NAME}/pulls`,
        { author: 'gopher-gus', title, body: `Fixes #${String(number)}` },
      );
      const amount = await stakePriceOf(contributor.request, issueId);
      const staked = await contributor.request.post('/api/contributor/stakes', {
        data: { issueId, prUrl: opened.html_url, amount },
      });
      expect(staked.status()).toBe(201);
      return { issueNumber: number, pr: opened.number };
    };
    const everything = {
      ratings: { codeQuality: 5, documentation: 5, testing: 5, performance: 5, security: 5 },
      tags: [...FEEDBACK_TAG_IDS],
      complexity: [...COMPLEXITY_FACTOR_IDS],
      bonuses: [...MERGE_BONUS_IDS],
    };
    const counted = [];
    for (const title of ['Batch the shadow pass', 'Batch the UI pass']) {
      const { pr: number } = await stakedPullRequest(title);
      const merged = await maintainer.request.post(
        `/api/maintainer/repos/${FULL_NAME}/pulls/${String(number)}/merge`,
        { data: everything },
      );
      expect(merged.status()).toBe(200);
      counted.push(((await merged.json()) as { data: { xp: number } }).data.xp);
    }
    expect(counted).toEqual([204, 67]);

    // The next merge's dialog says, before she merges, that nothing more counts this month.
    const last = await stakedPullRequest('Batch the post-processing pass');
    await maintainer.goto(`/maintainer/repo/${OWNER}/${REPO}/issues`);
    const lastPull = maintainer.getByTestId('pull-request').filter({ hasText: `#${last.pr}` });
    await lastPull.getByRole('button', { name: 'View Details' }).click();
    await lastPull.getByRole('button', { name: 'Merge PR' }).click();
    const limited = maintainer.getByRole('dialog');
    await rateIn(limited, 'Code Quality & Standards', 4);
    await rateIn(limited, 'Testing Coverage', 3);
    await limited.getByRole('checkbox', { name: /^Bug Fix/ }).click();
    await limited.getByRole('checkbox', { name: /^Issue was bounty-backed/ }).click();
    const preview = limited.getByTestId('reward-preview');
    await preview
      .getByText('For gopher-gus: counts 0 of 29 XP: monthly limit from this maintainer reached.', {
        exact: true,
      })
      .waitFor();
    await preview.getByText('+0 XP', { exact: true }).waitFor();
    await preview.getByText('+0 coins', { exact: true }).waitFor();
    await limited.getByRole('button', { name: 'Submit & Merge PR' }).click();
    await toast(
      maintainer,
      '+0 XP / +0 coins for gopher-gus (counts 0 of 29 XP: monthly limit from this maintainer reached), bounty of 1 coins paid, stake returned.',
    );

    // His stake says what was not counted, and why.
    await contributor.goto('/contributor/dashboard?tab=stakes');
    await contributor
      .getByTestId('stake-row')
      .filter({ hasText: `Issue #${String(last.issueNumber)}` })
      .getByText('29 XP not counted: monthly limit from this maintainer reached', { exact: true })
      .waitFor();
  });
});

/** Moves a merge dialog's rating slider up to `value` from 0 with the keyboard. */
async function rateIn(dialog: Locator, criterion: string, value: number): Promise<void> {
  const slider = dialog.getByRole('slider', { name: criterion });
  await slider.focus();
  for (let i = 0; i < value; i++) await slider.press('ArrowRight');
}
