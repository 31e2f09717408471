import { describe, expect, it } from 'vitest';
import { signUpAndLinkGithub } from './helpers/accounts';
import {
  baseUrl,
  expectBrowserErrors,
  failedRequest,
  numberIn,
  useBrowser,
} from './helpers/browser';
import { simControl } from './helpers/github-sim';

const browser = useBrowser();
// Connected at the demo's first start by its demo maintainer lena-pythonista (data-harbor's
// admin); sam-rustacean writes Rust, and as a plain member of data-harbor may not push to it.
const REPO = 'data-harbor/harbor-db';
const MAINTAINER = 'lena-pythonista';

/** The simulator's origin, as the app tells the browser (GitHub's web address in demo mode). */
async function simulatorOrigin(): Promise<string> {
  const config = (await (await fetch(`${baseUrl()}/api/config`)).json()) as {
    data: { githubWebUrl: string };
  };
  return config.data.githubWebUrl;
}

const control = (simOrigin: string, path: string, body: object) =>
  simControl<{ number: number; html_url: string }>(simOrigin, `/repos/${REPO}${path}`, body);

describe('staking, end to end', () => {
  it('a contributor stakes on a suggested issue of a demo repository and is paid when its maintainer merges', async () => {
    const simOrigin = await simulatorOrigin();
    const page = await browser.newPage();

    // Sign up and in as a contributor, then prove the GitHub username on the simulator.
    await signUpAndLinkGithub(page, 'contributor', 'sam-rustacean');
    await page.getByTestId('stat-coins').getByText('100').waitFor();
    const startingXp = numberIn(await page.getByTestId('stat-xp').textContent());

    // Analyze repositories, then pick a suggested issue in the demo's connected repository.
    await page.getByRole('tab', { name: 'Suggested Issues' }).click();
    await page.getByRole('button', { name: 'Analyze Repos' }).click();
    await page.locator('[data-sonner-toast]').getByText('Repository analysis completed!').waitFor();
    const card = page.getByTestId('suggested-issue').filter({ hasText: REPO }).first();
    await card.waitFor();
    const issueNumber = numberIn(
      await card
        .getByText(/^#\d+$/)
        .first()
        .textContent(),
    );
    // The card shows the XP a merge can pay (by the maintainer's ratings), and no bounty it has not.
    await card.getByText(/^1–204 XP$/).waitFor();
    expect(await card.getByText(/coins bounty/).count()).toBe(0);
    // What this contributor stakes: the issue's stake priced by their standing, as the card says.
    const stake = Number(
      /^You stake (\d+) coins/.exec(
        (await card
          .getByTestId('stake-price')
          .getByText(/^You stake \d+ coins/)
          .textContent()) ?? '',
      )?.[1],
    );
    // A new account pays more than the issue's stake, which the card still names (decision 015).
    const issueStake = numberIn(await card.getByText(/^Issue stake: \d+ coins$/).textContent());
    expect(stake).toBeGreaterThan(issueStake);
    await card.getByRole('link', { name: 'Stake Now' }).click();
    // A merge seen only on GitHub pays the issue's own XP, which its page names.
    const note = await page.getByTestId('merge-xp-note').textContent();
    const xpReward = Number(/without them, (\d+) XP\.$/.exec(note ?? '')?.[1]);
    expect(xpReward).toBeGreaterThan(0);

    // Open a pull request for it on GitHub, and stake with its URL.
    const pr = await control(simOrigin, '/pulls', {
      author: 'sam-rustacean',
      title: `Fix #${issueNumber}`,
      body: `Fixes #${issueNumber}`,
    });
    await page.getByRole('button', { name: 'Stake & Start Working' }).click();
    // The dialog names what a rejection after review would keep: the demo repository's 10 %.
    const risk = Math.max(1, Math.floor(stake / 10));
    expect(await page.getByTestId('deduction-risk').textContent()).toContain(
      `this repository keeps ${String(risk)} ${risk === 1 ? 'coin' : 'coins'} (10 %, at least 1 coin)`,
    );
    const prField = page.getByLabel('Pull Request URL');
    // The example is an address on the GitHub this server uses: the simulator's in demo mode.
    expect(await prField.getAttribute('placeholder')).toBe(`${simOrigin}/owner/repo/pull/123`);
    // The dialog asks what AI did, None unless another is chosen, and says the same price.
    const dialog = page.getByRole('dialog');
    const declaration = dialog.getByRole('radiogroup', { name: 'AI assistance' });
    expect(await declaration.getByRole('radio', { name: 'None' }).isChecked()).toBe(true);
    await declaration
      .getByRole('radio', { name: 'Assisted (AI helped, I wrote and checked it)' })
      .click();
    await dialog
      .getByTestId('stake-price')
      .getByText(`You stake ${String(stake)} coins`)
      .waitFor();
    // A refused address shows the server's reason in the dialog, with the choice kept; then the
    // right one stakes.
    expectBrowserErrors(failedRequest(400, /\/api\/contributor\/stakes$/));
    await prField.fill('not a pull request');
    await page.getByRole('button', { name: 'Confirm Stake' }).click();
    const refused = dialog
      .getByTestId('stake-error')
      .getByText(/^Please provide a valid pull request URL/);
    await refused.waitFor();
    expect(
      await declaration
        .getByRole('radio', { name: 'Assisted (AI helped, I wrote and checked it)' })
        .isChecked(),
    ).toBe(true);
    await prField.fill(pr.html_url);
    await page.getByRole('button', { name: 'Confirm Stake' }).click();
    await page
      .locator('[data-sonner-toast]')
      .getByText('Stake created successfully! Good luck with your PR!')
      .waitFor();
    await refused.waitFor({ state: 'detached' });
    await page.waitForURL('**/contributor/dashboard?tab=stakes');
    const row = page.getByTestId('stake-row').filter({ hasText: `Issue #${issueNumber}` });
    await row.getByTestId('stake-outcome').getByText('Pending').waitFor();

    // The maintainer merges on GitHub; the signed webhook settles the stake.
    await control(simOrigin, `/pulls/${pr.number}/merge`, { by: MAINTAINER });
    await page.reload();
    await row
      .getByTestId('stake-outcome')
      .getByText(`+${2 * xpReward} coins`)
      .waitFor();
    await row.getByTestId('stake-outcome').getByText(`+${xpReward} XP`).waitFor();
    await row.getByText('Accepted').waitFor();

    // The overview shows the new balance (stake back plus the reward), XP and rank progress.
    await page.getByRole('tab', { name: 'Overview' }).click();
    await page
      .getByTestId('stat-coins')
      .getByText(String(100 + 2 * xpReward))
      .waitFor();
    await page
      .getByTestId('stat-xp')
      .getByText(String(startingXp + xpReward))
      .waitFor();
    expect(numberIn(await page.getByTestId('rank-progress-label').textContent())).toBeGreaterThan(
      0,
    );
    expect(stake).toBeGreaterThan(0);
  });
});
