import { Browserish, approveOnSim } from '@openstake/github-sim/testing';
import { describe, expect, it } from 'vitest';
import { newAccount, signUpAndLinkGithub } from './helpers/accounts';
import { baseUrl, numberIn, useBrowser } from './helpers/browser';
import { simControl } from './helpers/github-sim';

const browser = useBrowser();
const REPO = 'openstake-labs/ledger-core'; // sam-rustacean's Rust issues live here; mia-maintainer administers it

/** A maintainer who links GitHub and connects the repository, over plain HTTP; returns the simulator's origin. */
async function maintainerConnectsRepository(): Promise<string> {
  const account = newAccount('maintainer', 'mia-maintainer');
  const json = { 'content-type': 'application/json' };
  expect(
    (
      await fetch(`${baseUrl()}/register`, {
        method: 'POST',
        headers: json,
        body: JSON.stringify(account),
      })
    ).status,
  ).toBe(201);
  const jar = new Browserish();
  expect(
    (
      await jar.fetch(`${baseUrl()}/login`, {
        method: 'POST',
        headers: json,
        body: JSON.stringify(account),
      })
    ).status,
  ).toBe(200);
  const authorize = (await jar.fetch(`${baseUrl()}/api/github/connect`)).headers.get('location')!;
  await jar.fetch(await approveOnSim(authorize, 'mia-maintainer', 'approve'));
  const [owner, repo] = REPO.split('/');
  const connected = await jar.fetch(`${baseUrl()}/api/maintainer/repositories`, {
    method: 'POST',
    headers: json,
    body: JSON.stringify({ owner, repo }),
  });
  expect(connected.status).toBe(201);
  return new URL(authorize).origin;
}

const control = (simOrigin: string, path: string, body: object) =>
  simControl<{ number: number; html_url: string }>(simOrigin, `/repos/${REPO}${path}`, body);

describe('staking, end to end', () => {
  it('a contributor stakes on a suggested issue with a pull request and is paid when it is merged', async () => {
    const simOrigin = await maintainerConnectsRepository();
    const page = await browser.newPage();

    // Sign up and in as a contributor, then prove the GitHub username on the simulator.
    await signUpAndLinkGithub(page, 'contributor', 'sam-rustacean');
    await page.getByTestId('stat-coins').getByText('100').waitFor();
    const startingXp = numberIn(await page.getByTestId('stat-xp').textContent());

    // Analyze repositories, then pick a suggested issue in the connected repository.
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
    const xpReward = numberIn(await card.getByText(/^\+\d+ XP$/).textContent());
    const stake = numberIn(await card.getByText(/^Stake: \d+ coins$/).textContent());
    await card.getByRole('link', { name: 'Stake Now' }).click();

    // Open a pull request for it on GitHub, and stake with its URL.
    const pr = await control(simOrigin, '/pulls', {
      author: 'sam-rustacean',
      title: `Fix #${issueNumber}`,
      body: `Fixes #${issueNumber}`,
    });
    await page.getByRole('button', { name: 'Stake & Start Working' }).click();
    await page.getByLabel('Pull Request URL').fill(pr.html_url);
    await page.getByRole('button', { name: 'Confirm Stake' }).click();
    await page
      .locator('[data-sonner-toast]')
      .getByText('Stake created successfully! Good luck with your PR!')
      .waitFor();
    await page.waitForURL('**/contributor/dashboard?tab=stakes');
    const row = page.getByTestId('stake-row').filter({ hasText: `Issue #${issueNumber}` });
    await row.getByTestId('stake-outcome').getByText('Pending').waitFor();

    // The maintainer merges on GitHub; the signed webhook settles the stake.
    await control(simOrigin, `/pulls/${pr.number}/merge`, { by: 'mia-maintainer' });
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
