import { DEFAULT_DEDUCTION_PERCENT, MAX_DEDUCTION_PERCENT, stakeDeduction } from '@openstake/core';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { signInAsDemoMaintainer, signInWithGithubAs } from './helpers/accounts';
import { simControl } from './helpers/github-sim';
import { numberIn, toast, useBrowser } from './helpers/browser';

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

// Decision 015's marks on a pull request's author, end to end, on data-harbor/stream-pipe, which
// the demo connected for lena-pythonista and no other file stakes on. ops-olga and tess-tester are
// demo contributors linked to their simulator accounts whom no other file signs in as, so their
// standing is theirs to change here.
const STREAM_PIPE = 'data-harbor/stream-pipe';
const SPAMMER = 'ops-olga';
const DENOUNCED = 'tess-tester';

/** The pull request's card in the maintainer's queue, by its title (unique in these tests). */
const pullRequestCard = (page: Page, title: string) =>
  page.getByTestId('pull-request').filter({ has: page.getByRole('heading', { name: title }) });

/** What the contributor's page says they stake on the issue: "10 coins: 2x for …". */
async function stakePriceShown(page: Page, issueNumber: number): Promise<string> {
  await page.goto(`/contributor/issue/${STREAM_PIPE}/${String(issueNumber)}`);
  const line = page.getByTestId('stake-price').locator('dd').first();
  await line.waitFor();
  return (await line.textContent()) ?? '';
}

/** The amount a price line starts with: 20 in "20 coins: 2x for …". */
const amountIn = (line: string): number => numberIn(/^[\d,]+ coins?/.exec(line)?.[0] ?? '');

/** The contributor's coins, as their dashboard's overview shows them. */
async function coinsShown(page: Page): Promise<number> {
  await page.goto('/contributor/dashboard');
  const coins = page.getByTestId('stat-coins');
  await coins.waitFor();
  return numberIn(await coins.textContent());
}

describe("a maintainer's word on a pull request's author, end to end", () => {
  it('a pull request closed without a merge is marked as spam and the mark taken back: the price rises and falls, no coin moves', async () => {
    const maintainer = await browser.newPage();
    const simOrigin = await signInAsDemoMaintainer(maintainer, MAINTAINER);
    const asLena = await simRest(simOrigin, MAINTAINER);
    const newIssue = (title: string) =>
      asLena<{ number: number }>('POST', `/repos/${STREAM_PIPE}/issues`, { title });
    const worked = await newIssue('Spam mark: the issue she staked on');
    const next = await newIssue('Spam mark: her next issue');
    const title = `Spam mark: a pull request for #${String(worked.number)}`;

    // She stakes on the first issue with her pull request.
    const author = await browser.newPage();
    await signInWithGithubAs(author, SPAMMER, 'contributor');
    const startingCoins = await coinsShown(author);
    const pr = await simControl<{ number: number; html_url: string }>(
      simOrigin,
      `/repos/${STREAM_PIPE}/pulls`,
      { author: SPAMMER, title, body: `Fixes #${String(worked.number)}` },
    );
    await author.goto(`/contributor/issue/${STREAM_PIPE}/${String(worked.number)}`);
    await author.getByRole('button', { name: 'Stake & Start Working' }).click();
    await author.getByLabel('Pull Request URL').fill(pr.html_url);
    await author.getByRole('button', { name: 'Confirm Stake' }).click();
    await toast(author, 'Stake created successfully! Good luck with your PR!');
    const stake = startingCoins - (await coinsShown(author));
    expect(stake).toBeGreaterThan(0);

    // The maintainer asks for changes on GitHub, then closes it from the queue: the stake is
    // rejected, and the repository keeps its deduction, within the platform's cap.
    await asLena('POST', `/repos/${STREAM_PIPE}/pulls/${String(pr.number)}/reviews`, {
      event: 'REQUEST_CHANGES',
      body: 'This does not build.',
    });
    await maintainer.goto(`/maintainer/repo/${STREAM_PIPE}/issues`);
    const card = pullRequestCard(maintainer, title);
    await card.getByRole('button', { name: 'View Details' }).click();
    await card.getByRole('button', { name: 'Close PR' }).click();
    await maintainer
      .getByRole('alertdialog')
      .getByRole('button', { name: 'Yes, close PR' })
      .click();
    await toast(
      maintainer,
      `Pull request #${String(pr.number)} closed. Its stake was rejected: the repository's deduction was kept and the rest returned to the contributor.`,
    );
    const afterClose = await coinsShown(author);
    expect(afterClose).toBe(startingCoins - stakeDeduction(stake, DEFAULT_DEDUCTION_PERCENT));
    expect(startingCoins - afterClose).toBeLessThanOrEqual((stake * MAX_DEDUCTION_PERCENT) / 100);
    const priceBefore = await stakePriceShown(author, next.number);
    expect(priceBefore).not.toContain('marked as spam');

    // Under "Recently closed without a merge" she is marked as spam, after a confirmation that
    // says no coin moves.
    await maintainer.reload();
    const closed = maintainer.getByRole('region', { name: 'Recently closed without a merge' });
    const closedCard = pullRequestCard(maintainer, title);
    await closed.getByRole('heading', { name: title }).waitFor();
    await closedCard.getByRole('button', { name: 'View Details' }).click();
    await closedCard.getByRole('button', { name: 'Mark as spam' }).click();
    const confirm = maintainer.getByRole('alertdialog');
    await confirm
      .getByText(
        `It counts against ${SPAMMER}'s standing for 180 days: their stakes cost more. No coins move`,
      )
      .waitFor();
    await confirm.getByRole('button', { name: 'Yes, mark as spam' }).click();
    await toast(maintainer, `Pull request #${String(pr.number)} marked as spam.`);
    await closedCard.getByText('Marked as spam', { exact: true }).waitFor();
    await closedCard.getByRole('button', { name: 'Undo spam mark' }).waitFor();

    // The mark is kept on the server: the card still says it after a reload.
    await maintainer.reload();
    await closedCard.getByRole('button', { name: 'View Details' }).click();
    await closedCard.getByText('Marked as spam', { exact: true }).waitFor();

    // Her next stake costs more, and says why; the mark took no coin beyond the close's deduction.
    const priceMarked = await stakePriceShown(author, next.number);
    expect(priceMarked).toMatch(/for 1 pull request marked as spam in the last 180 days/);
    expect(amountIn(priceMarked)).toBeGreaterThan(amountIn(priceBefore));
    expect(await coinsShown(author)).toBe(afterClose);

    // The undo: the card no longer says it, and her price is what it was.
    await closedCard.getByRole('button', { name: 'Undo spam mark' }).click();
    await confirm.getByText(`It no longer counts against ${SPAMMER}'s standing.`).waitFor();
    await confirm.getByRole('button', { name: 'Yes, undo the mark' }).click();
    await toast(maintainer, `The spam mark on pull request #${String(pr.number)} was taken back.`);
    await closedCard.getByRole('button', { name: 'Mark as spam' }).waitFor();
    expect(await closedCard.getByText('Marked as spam', { exact: true }).count()).toBe(0);
    expect(await stakePriceShown(author, next.number)).toBe(priceBefore);
    expect(await coinsShown(author)).toBe(afterClose);
  });

  it("a maintainer vouches for a pull request's author from its card, then denounces them: the profile says so, and the stake is refused", async () => {
    const maintainer = await browser.newPage();
    const simOrigin = await signInAsDemoMaintainer(maintainer, MAINTAINER);
    const asLena = await simRest(simOrigin, MAINTAINER);
    const issue = await asLena<{ number: number }>('POST', `/repos/${STREAM_PIPE}/issues`, {
      title: 'Vouch: the issue she works on',
    });
    const title = `Vouch: a pull request for #${String(issue.number)}`;
    await simControl(simOrigin, `/repos/${STREAM_PIPE}/pulls`, {
      author: DENOUNCED,
      title,
      body: `Fixes #${String(issue.number)}`,
    });
    const contributor = await browser.newPage();
    await signInWithGithubAs(contributor, DENOUNCED, 'contributor');
    const { user } = (await (await contributor.request.get('/api/user')).json()) as {
      user: { id: string };
    };
    const issuePage = `/contributor/issue/${STREAM_PIPE}/${String(issue.number)}`;
    const stakeButton = contributor.getByRole('button', { name: 'Stake & Start Working' });
    // The profile's card that maintainers alone see, under its heading.
    const vouches = maintainer
      .locator('[data-slot="card"]')
      .filter({ has: maintainer.getByRole('heading', { name: 'Vouches from maintainers' }) });
    const openProfile = async () => {
      await maintainer.goto(`/contributor/profile/${user.id}/public`);
      await vouches.waitFor();
    };
    const openCard = async () => {
      await maintainer.goto(`/maintainer/repo/${STREAM_PIPE}/issues`);
      const card = pullRequestCard(maintainer, title);
      await card.getByRole('button', { name: 'View Details' }).click();
      return card;
    };

    try {
      await openProfile();
      await vouches.getByText('No maintainer has vouched for or denounced them yet.').waitFor();

      // The vouch, from the pull request's card: her profile names the repository and who vouched.
      const card = await openCard();
      await card.getByRole('button', { name: `Vouch for @${DENOUNCED}` }).click();
      await toast(maintainer, `Vouched for @${DENOUNCED} in ${STREAM_PIPE}`);
      await openProfile();
      await vouches.getByText(`Vouched for in ${STREAM_PIPE} by @${MAINTAINER}`).waitFor();
      await contributor.goto(issuePage);
      await stakeButton.waitFor();
      expect(await stakeButton.isDisabled()).toBe(false);

      // The denouncement asks for a reason, then replaces the vouch.
      const sameCard = await openCard();
      await sameCard.getByRole('button', { name: `Denounce… @${DENOUNCED}` }).click();
      const dialog = maintainer.getByRole('dialog', {
        name: `Denounce @${DENOUNCED} in ${STREAM_PIPE}`,
      });
      await dialog.getByRole('button', { name: 'Denounce', exact: true }).click();
      await dialog
        .getByRole('alert')
        .getByText('Say why you denounce them (1 to 300 characters)')
        .waitFor();
      await dialog.getByLabel('Reason').fill('Opens pull requests that do not build');
      await dialog.getByRole('button', { name: 'Denounce', exact: true }).click();
      await toast(maintainer, `Denounced @${DENOUNCED} in ${STREAM_PIPE}`);
      await dialog.waitFor({ state: 'detached' });
      await openProfile();
      await vouches
        .getByText(
          `Denounced in ${STREAM_PIPE} by @${MAINTAINER}: Opens pull requests that do not build`,
        )
        .waitFor();
      expect(await vouches.getByText(/^Vouched for in/).count()).toBe(0);

      // She is refused a stake there, told why where the button is.
      await contributor.reload();
      await contributor
        .locator('#stake-note')
        .getByText(`The maintainers of ${STREAM_PIPE} do not take stakes from you`)
        .waitFor();
      expect(await stakeButton.isDisabled()).toBe(true);
    } finally {
      await maintainer.request.delete(
        `/api/maintainer/repositories/${STREAM_PIPE}/vouches/${DENOUNCED}`,
      );
    }
  });
});
