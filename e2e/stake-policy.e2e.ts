import { describe, expect, it } from 'vitest';
import { signInAsDemoMaintainer, signInWithGithubAs } from './helpers/accounts';
import { simControl } from './helpers/github-sim';
import { toast, useBrowser } from './helpers/browser';

const browser = useBrowser();
// One of the repositories the demo seeds connected for lena-pythonista.
const FULL_NAME = 'data-harbor/etl-workbench';

describe("a repository's stake policy, end to end", () => {
  it('a maintainer sets one open stake per contributor and Code Master, refused first at a bad value', async () => {
    const page = await browser.newPage();
    await signInAsDemoMaintainer(page, 'lena-pythonista');
    await page.getByRole('searchbox', { name: 'Search repositories' }).fill('etl-workbench');
    const row = page.getByTestId('repository-row').filter({ hasText: FULL_NAME });
    await row.getByText(/^Connected · /).waitFor();
    await row.getByRole('button', { name: `Stake policy of ${FULL_NAME}` }).click();
    const form = page.getByRole('form', { name: `Stake policy of ${FULL_NAME}` });
    const open = form.getByLabel('Open stakes per contributor');
    expect(await open.inputValue()).toBe('2');
    await form.getByText('A newcomer has no XP from an independent maintainer').waitFor();

    // Out of bounds: refused at the field, nothing sent.
    await open.fill('25');
    await form.getByRole('button', { name: 'Save policy' }).click();
    await form
      .getByRole('alert')
      .getByText('Open stakes per contributor must be a whole number from 1 to 20')
      .waitFor();

    await open.fill('1');
    await form.getByLabel('Minimum rank').click();
    await page.getByRole('option', { name: 'Code Master (1,500 XP)' }).click();
    await form.getByRole('button', { name: 'Save policy' }).click();
    await toast(page, `Stake policy of ${FULL_NAME} saved`);

    // Saved on the server: read back after a reload.
    await page.reload();
    await page.getByRole('searchbox', { name: 'Search repositories' }).fill('etl-workbench');
    await row.getByRole('button', { name: `Stake policy of ${FULL_NAME}` }).click();
    expect(await form.getByLabel('Open stakes per contributor').inputValue()).toBe('1');
    await form.getByLabel('Minimum rank').getByText('Code Master (1,500 XP)').waitFor();

    // Back to the defaults, for the other files that stake in the demo's repositories.
    await form.getByLabel('Open stakes per contributor').fill('2');
    await form.getByLabel('Minimum rank').click();
    await page.getByRole('option', { name: 'Anyone' }).click();
    await form.getByRole('button', { name: 'Save policy' }).click();
    await toast(page, `Stake policy of ${FULL_NAME} saved`);
  });
});

// Decision 015 end to end on data-harbor/tabular, which the demo connected for lena-pythonista and
// no other file stakes on: rita-reader, a demo contributor linked to her simulator account, below
// the minimum rank the maintainer sets, is let in by a vouch; then a limit of one open stake per
// contributor refuses her second stake with the reason; and the maintainer's queue shows her
// green, staked pull request before another contributor's unstaked ones.
const TABULAR = 'data-harbor/tabular';
const MAINTAINER = 'lena-pythonista';
const CONTRIBUTOR = 'rita-reader';

/** The GitHub simulator's REST API as `login`, through a token its control API issues. */
async function simRest(simOrigin: string, login: string) {
  const { token } = await simControl<{ token: string }>(simOrigin, '/tokens', { login });
  return async <T>(method: string, path: string, body?: object): Promise<T> => {
    const res = await fetch(`${simOrigin}/api/v3${path}`, {
      method,
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      ...(body && { body: JSON.stringify(body) }),
    });
    expect(res.ok, `${method} ${path}: ${String(res.status)}`).toBe(true);
    return (await res.json()) as T;
  };
}

describe('the defence against spam pull requests, end to end', () => {
  it('a vouch skips the minimum rank, a second stake is refused at one per contributor, and the queue puts the green, staked pull request first', async () => {
    const maintainer = await browser.newPage();
    const simOrigin = await signInAsDemoMaintainer(maintainer, MAINTAINER);
    const asLena = await simRest(simOrigin, MAINTAINER);
    const setPolicy = async (policy: object) =>
      expect(
        (
          await maintainer.request.patch(`/api/maintainer/repositories/${TABULAR}`, {
            data: policy,
          })
        ).status(),
      ).toBe(200);
    await setPolicy({ maxOpenStakesPerContributor: 1, minXp: 5000 });
    const [first, second] = [
      await asLena<{ number: number }>('POST', `/repos/${TABULAR}/issues`, {
        title: 'Spam defence: the first issue',
      }),
      await asLena<{ number: number }>('POST', `/repos/${TABULAR}/issues`, {
        title: 'Spam defence: the second issue',
      }),
    ];

    try {
      const contributor = await browser.newPage();
      await signInWithGithubAs(contributor, CONTRIBUTOR, 'contributor');
      const issuePage = (n: number) => `/contributor/issue/${TABULAR}/${String(n)}`;
      const stakeButton = contributor.getByRole('button', { name: 'Stake & Start Working' });

      // Below the minimum rank: the page says so where the button is, and the button is off.
      await contributor.goto(issuePage(first.number));
      await contributor
        .locator('#stake-note')
        .getByText(/^data-harbor\/tabular takes stakes from Open Source Legend \(5,000 XP\) up/)
        .waitFor();
      expect(await stakeButton.isDisabled()).toBe(true);

      // The maintainer vouches for her: she may stake, at no more than the issue's stake.
      expect(
        (
          await maintainer.request.put(
            `/api/maintainer/repositories/${TABULAR}/vouches/${CONTRIBUTOR}`,
            { data: { kind: 'vouched' } },
          )
        ).status(),
      ).toBe(200);
      await contributor.reload();
      await stakeButton.waitFor();
      expect(await stakeButton.isDisabled()).toBe(false);
      const pr = await simControl<{ number: number; html_url: string }>(
        simOrigin,
        `/repos/${TABULAR}/pulls`,
        {
          author: CONTRIBUTOR,
          title: `Fix #${String(first.number)}`,
          body: `Fixes #${String(first.number)}`,
        },
      );
      await stakeButton.click();
      await contributor.getByLabel('Pull Request URL').fill(pr.html_url);
      await contributor.getByRole('button', { name: 'Confirm Stake' }).click();
      await toast(contributor, 'Stake created successfully! Good luck with your PR!');

      // One open stake per contributor: the second issue refuses her, saying when it frees.
      await contributor.goto(issuePage(second.number));
      await contributor
        .locator('#stake-note')
        .getByText(
          `You have 1 open stake in ${TABULAR}, its limit; one frees when a pull request of yours there is merged or closed`,
        )
        .waitFor();
      expect(await stakeButton.isDisabled()).toBe(true);

      // Her pull request's checks pass; another contributor's, unstaked and older, do not matter:
      // the queue shows hers first.
      const { head } = await asLena<{ head: { sha: string } }>(
        'GET',
        `/repos/${TABULAR}/pulls/${String(pr.number)}`,
      );
      await asLena('POST', `/repos/${TABULAR}/statuses/${head.sha}`, {
        state: 'success',
        context: 'ci/test',
      });
      await maintainer.goto(`/maintainer/repo/${TABULAR}/issues`);
      const cards = maintainer.getByTestId('pull-request');
      await cards.first().waitFor();
      const firstCard = cards.first();
      await firstCard.getByText(`#${String(pr.number)}`).waitFor();
      await firstCard.getByText('Checks passing').waitFor();
    } finally {
      await setPolicy({ maxOpenStakesPerContributor: 2, minXp: 0 });
      await maintainer.request.delete(
        `/api/maintainer/repositories/${TABULAR}/vouches/${CONTRIBUTOR}`,
      );
    }
  });
});
