import { rankForXp } from '@openstake/core';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  PASSWORD,
  signInAsDemoMaintainer,
  signInWithGithubAs,
  signUpAndLinkGithub,
  signUpConfirmedCompany,
  signUpWithApi,
  untilDemoContributorListed,
} from './helpers/accounts';
import { numberIn, toast, uniqueLogin, useBrowser } from './helpers/browser';
import { simControl } from './helpers/github-sim';
import { stakePriceOf } from './helpers/stakes';

const browser = useBrowser();
// mia-maintainer links only here (a GitHub account links to one OpenStake user, and e2e files
// share one server; the demo seeds neither her nor the accounts other files link). She owns the
// public TypeScript repository mia-maintainer/release-bot, so her analysis has TypeScript, and
// she may not push to pixel-forge, whose pixel-ui its admin frontend-fay (a demo maintainer)
// connects at the demo's start.
const CONTRIBUTOR = 'mia-maintainer';
const LANGUAGE = 'TypeScript';
const MAINTAINER = 'frontend-fay';
const OWNER = 'pixel-forge';
const REPO = 'pixel-ui';
const FULL_NAME = `${OWNER}/${REPO}`;

/** The maintainer's feedback, typed into the merge dialog: five different ratings, two tags. */
const RATINGS: [criterion: string, rating: number][] = [
  ['Code Quality & Standards', 5],
  ['Documentation & Comments', 4],
  ['Testing Coverage', 3],
  ['Performance Impact', 2],
  ['Security Considerations', 1],
];
const TAGS = ['Major Backend Change', 'UI Fix'];
// Tags (20 + 10) x 1.8 for a new module + ratings 15 + 10 for meaningful tests.
const REWARD_XP = 79;
/** The display name of an account that typed CONTRIBUTOR at sign-up without proving it. */
const IMPOSTOR_NAME = 'Mia the Impostor';

/** What the first test leaves for the second. */
let earned:
  | {
      email: string;
      simOrigin: string;
      xp: number;
      issueTitle: string;
      pr: { number: number; html_url: string };
    }
  | undefined;

/** A new issue on the simulated GitHub, opened by the repository's admin. */
async function openIssueOnGithub(simOrigin: string, title: string) {
  const { token } = await simControl<{ token: string }>(simOrigin, '/tokens', {
    login: MAINTAINER,
  });
  const res = await fetch(`${simOrigin}/api/v3/repos/${FULL_NAME}/issues`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `token ${token}` },
    body: JSON.stringify({ title, body: 'Found while reviewing the component library.' }),
  });
  expect(res.status).toBe(201);
  return (await res.json()) as { number: number };
}

/** Picks `option` in the directory's filter `label` (a Radix select). */
async function chooseFilter(page: Page, label: string, option: string): Promise<void> {
  await page.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
  await page.getByRole('combobox', { name: label }).getByText(option, { exact: true }).waitFor();
}

describe('the hire directory, end to end', () => {
  it('a contributor has a staked pull request merged with ratings and tags, and analyzed languages', async () => {
    const contributor = await browser.newPage();
    const simOrigin = await signUpAndLinkGithub(contributor, 'contributor', CONTRIBUTOR);
    await contributor.getByTestId('stat-coins').getByText('100').waitFor();
    const startingXp = numberIn(await contributor.getByTestId('stat-xp').textContent());
    const me = (await (await contributor.request.get('/api/user')).json()) as {
      user: { email: string };
    };

    // Languages, from the public repositories on GitHub.
    await contributor.getByRole('tab', { name: 'Suggested Issues' }).click();
    await contributor.getByRole('button', { name: 'Analyze Repos' }).click();
    await toast(contributor, 'Repository analysis completed!');

    // A fresh issue in a connected repository, a pull request for it, and a stake on it.
    const issueTitle = `Keyboard focus ring for the date picker ${uniqueLogin('dp')}`;
    const issue = await openIssueOnGithub(simOrigin, issueTitle);
    await contributor.goto(`/contributor/issue/${FULL_NAME}/${issue.number}`);
    await contributor.getByRole('heading', { name: issueTitle }).waitFor();
    const prTitle = `Focus ring for the date picker (#${issue.number})`;
    const pr = await simControl<{ number: number; html_url: string }>(
      simOrigin,
      `/repos/${FULL_NAME}/pulls`,
      { author: CONTRIBUTOR, title: prTitle, body: `Fixes #${issue.number}` },
    );
    await contributor.getByRole('button', { name: 'Stake & Start Working' }).click();
    await contributor.getByLabel('Pull Request URL').fill(pr.html_url);
    await contributor.getByRole('button', { name: 'Confirm Stake' }).click();
    await toast(contributor, 'Stake created successfully! Good luck with your PR!');

    // The demo maintainer merges it in OpenStake with the feedback dialog.
    const maintainer = await browser.newPage();
    await signInAsDemoMaintainer(maintainer, MAINTAINER);
    await maintainer.goto(`/maintainer/repo/${FULL_NAME}/issues`);
    await maintainer.getByRole('heading', { name: `${FULL_NAME} Pull Requests` }).waitFor();
    const pull = maintainer.getByTestId('pull-request').filter({ hasText: prTitle });
    await pull
      .getByText(/\d+ coins/)
      .first()
      .waitFor();
    await pull.getByRole('button', { name: 'View Details' }).click();
    await pull.getByRole('button', { name: 'Merge PR' }).click();
    const dialog = maintainer.getByRole('dialog');
    for (const [criterion, rating] of RATINGS) {
      const slider = dialog.getByRole('slider', { name: criterion });
      await slider.focus();
      for (let i = 0; i < rating; i++) await slider.press('ArrowRight');
    }
    for (const tag of TAGS) {
      await dialog.getByRole('checkbox', { name: new RegExp(`^${tag}`) }).click();
    }
    await dialog.getByRole('checkbox', { name: /^Introduces a new module/ }).click();
    await dialog.getByRole('checkbox', { name: /^Contributor added meaningful tests/ }).click();
    await dialog.getByTestId('score-badge').getByText('Score: 15/25').waitFor();
    await dialog.getByTestId('reward-preview').getByText(`+${REWARD_XP} XP`).waitFor();
    await dialog.getByRole('button', { name: 'Submit & Merge PR' }).click();
    await toast(
      maintainer,
      `+${REWARD_XP} XP / +${2 * REWARD_XP} coins for ${CONTRIBUTOR}, stake returned.`,
    );

    earned = { email: me.user.email, simOrigin, xp: startingXp + REWARD_XP, issueTitle, pr };
  });

  it('a company finds the contributor by rank, language and name, reads the verified work and writes; the contributor replies, then hides', async () => {
    if (!earned) throw new Error('the first test did not finish');
    const { email, simOrigin, xp, issueTitle, pr } = earned;
    const rank = rankForXp(xp);

    // Someone types the contributor's GitHub username at sign-up, and the name too, but never
    // proves it on GitHub: a claim. They must not stand in the directory as that login.
    const impostor = await browser.newPage();
    await signUpWithApi(impostor, 'contributor', CONTRIBUTOR);
    const me = (await (await impostor.request.get('/api/user')).json()) as { user: { id: string } };
    expect(
      (
        await impostor.request.put(`/api/contributor/profile/${me.user.id}`, {
          data: { profile: { name: IMPOSTOR_NAME, bio: 'Hire me instead.' } },
        })
      ).status(),
    ).toBe(200);

    // The company filters the directory in the page; the filters land in the address.
    const company = await browser.newPage();
    const companyEmail = await signUpConfirmedCompany(company, 'hire');
    await company.goto('/company/dashboard');
    await company.getByRole('heading', { name: 'Hire', level: 1 }).waitFor();
    await chooseFilter(company, 'Language', LANGUAGE);
    await chooseFilter(company, 'Rank', rank);
    // Every contributor listed has the rank chosen.
    const table = company.getByRole('table', { name: 'Contributors' });
    const ranksListed = async () => {
      const rows = (await table.getByRole('row').all()).slice(1);
      return [
        ...new Set(await Promise.all(rows.map((r) => r.getByRole('cell').nth(1).textContent()))),
      ];
    };
    await expect.poll(ranksListed).toEqual([rank]);
    await company.getByRole('searchbox', { name: 'Search' }).fill(CONTRIBUTOR);
    await company.waitForURL((url) => url.searchParams.get('q') === CONTRIBUTOR);
    const address = new URL(company.url());
    expect(address.pathname).toBe('/company/dashboard');
    expect(Object.fromEntries(address.searchParams)).toEqual({
      q: CONTRIBUTOR,
      rank,
      language: LANGUAGE,
    });

    // One row, the proven one (not the impostor), and the same after a reload.
    const showsTheContributor = async () => {
      await company.getByText('Showing 1 of 1 contributor', { exact: true }).waitFor();
      const rows = table.getByRole('row');
      expect(await rows.count()).toBe(2); // the header and one contributor
      const row = rows.nth(1);
      await row.getByText(CONTRIBUTOR, { exact: true }).waitFor();
      expect(await row.getByRole('cell').nth(1).textContent()).toBe(rank);
      // The XP, and where it came from: the one maintainer who merged the one pull request.
      expect(await row.getByRole('cell').nth(2).textContent()).toBe(
        `${String(xp)}XP from 1 maintainer in 1 repository`,
      );
      expect(await row.getByRole('cell').nth(3).textContent()).toBe('1'); // repositories
      expect(await row.getByRole('cell').nth(4).textContent()).toBe('Active');
      expect(await table.getByText(IMPOSTOR_NAME).count()).toBe(0);
    };
    await showsTheContributor();
    await company.reload();
    await showsTheContributor();
    expect(await company.getByRole('searchbox', { name: 'Search' }).inputValue()).toBe(CONTRIBUTOR);
    await company
      .getByRole('combobox', { name: 'Rank' })
      .getByText(rank, { exact: true })
      .waitFor();
    await company
      .getByRole('combobox', { name: 'Language' })
      .getByText(LANGUAGE, { exact: true })
      .waitFor();

    // The profile: the verified merged pull request with its ratings, tags and XP.
    await company.getByRole('button', { name: `View Profile of ${CONTRIBUTOR}` }).click();
    const profile = company.getByRole('dialog');
    const work = profile
      .getByRole('list', { name: 'Verified work' })
      .getByRole('listitem')
      .filter({ has: company.getByRole('link', { name: `PR #${pr.number}` }) });
    await work.waitFor();
    expect(await work.getByRole('link', { name: `PR #${pr.number}` }).getAttribute('href')).toBe(
      pr.html_url,
    );
    await work.getByText(FULL_NAME, { exact: true }).waitFor();
    await work.getByText(issueTitle, { exact: true }).waitFor();
    await work.getByText(`+${REWARD_XP} XP`, { exact: true }).waitFor();
    // Who merged it and gave the ratings, so a recruiter sees whose word each number is.
    await work.getByText(`@${MAINTAINER}`, { exact: true }).waitFor();
    await profile.getByText('XP from 1 maintainer in 1 repository', { exact: true }).waitFor();
    expect(await work.getByRole('term').allTextContents()).toEqual(RATINGS.map(([c]) => c));
    expect(await work.getByRole('definition').allTextContents()).toEqual(
      RATINGS.map(([, rating]) => `${rating}/5`),
    );
    expect(
      (
        await work.getByRole('list', { name: 'Tags' }).getByRole('listitem').allTextContents()
      ).sort(),
    ).toEqual([...TAGS].sort());
    expect(
      await profile.getByRole('link', { name: 'View GitHub Profile' }).getAttribute('href'),
    ).toBe(`${simOrigin}/${CONTRIBUTOR}`);
    await profile
      .getByRole('list', { name: 'GitHub repositories' })
      .getByRole('link', { name: `${CONTRIBUTOR}/release-bot` })
      .waitFor();

    // Contact Contributor.
    const hello = `Hello from ${companyEmail}: we liked your date picker work. Could we talk?`;
    await profile.getByRole('button', { name: 'Contact Contributor' }).click();
    const composer = profile.getByRole('form', { name: `Message to ${CONTRIBUTOR}` });
    await composer.getByRole('textbox', { name: `Message to ${CONTRIBUTOR}` }).fill(hello);
    await composer.getByRole('button', { name: 'Send' }).click();
    await toast(company, 'Message sent');
    await profile
      .getByRole('list', { name: `Messages with ${CONTRIBUTOR}` })
      .getByText(hello)
      .waitFor();

    // The contributor sees one unread message in the header, reads it and replies.
    const contributor = await browser.newPage();
    expect(
      (
        await contributor.request.post('/login', {
          data: { role: 'contributor', email, password: PASSWORD, githubUsername: CONTRIBUTOR },
        })
      ).status(),
    ).toBe(200);
    await contributor.goto('/contributor/dashboard');
    const header = contributor.getByRole('banner');
    await header.getByRole('link', { name: /^Messages\s*1\s*unread$/ }).click();
    await contributor.waitForURL('**/contributor/dashboard?tab=messages');
    await contributor
      .getByRole('list', { name: 'Conversations' })
      .getByRole('button')
      .filter({ hasText: companyEmail })
      .click();
    const thread = contributor.getByRole('list', { name: `Messages with ${companyEmail}` });
    await thread.getByText(hello, { exact: true }).waitFor();
    // Opening it marked it read.
    await header.getByRole('link', { name: 'Messages', exact: true }).waitFor();
    const reply = 'Thank you! I am open to a call next week.';
    const replyForm = contributor.getByRole('form', { name: 'Reply' });
    await replyForm.getByRole('textbox', { name: 'Reply' }).fill(reply);
    await replyForm.getByRole('button', { name: 'Send' }).click();
    await thread.getByText(reply, { exact: true }).waitFor();

    // The company sees one unread reply, and reads it on its Messages page.
    const companyArea = company.getByRole('navigation', { name: 'Company area' });
    await company.reload();
    await companyArea.getByRole('link', { name: /^Messages\s*1\s*unread$/ }).click();
    await company.waitForURL('**/company/messages');
    await company.getByRole('heading', { name: 'Messages', level: 1 }).waitFor();
    await company
      .getByRole('list', { name: 'Conversations' })
      .getByRole('button')
      .filter({ hasText: CONTRIBUTOR })
      .click();
    const companyThread = company.getByRole('list', { name: `Messages with ${CONTRIBUTOR}` });
    await companyThread.getByText(hello, { exact: true }).waitFor();
    await companyThread.getByText(reply, { exact: true }).waitFor();

    // The contributor leaves the directory in Settings > Privacy...
    await contributor.getByRole('link', { name: 'Settings' }).click();
    await contributor.waitForURL('**/contributor/settings');
    await contributor.getByRole('tab', { name: 'Privacy' }).click();
    const privacy = contributor.getByRole('form', { name: 'Privacy settings' });
    const listed = { name: 'Show my profile in the company directory' };
    await privacy.getByRole('switch', { ...listed, checked: true }).click();
    await privacy.getByRole('switch', { ...listed, checked: false }).waitFor();
    await privacy.getByRole('button', { name: 'Save' }).click();
    await toast(contributor, 'Privacy settings saved');

    // ... and the company's search for them finds nobody. (The directory without a search may
    // be empty already, so the answer to the search itself is awaited.)
    await companyArea.getByRole('link', { name: 'Hire' }).click();
    await company.waitForURL('**/company/dashboard');
    const searched = company.waitForResponse((response) => {
      const url = new URL(response.url());
      return (
        url.pathname === '/api/company/contributors' && url.searchParams.get('q') === CONTRIBUTOR
      );
    });
    await company.getByRole('searchbox', { name: 'Search' }).fill(CONTRIBUTOR);
    const answer = await searched;
    expect(answer.status()).toBe(200);
    expect(((await answer.json()) as { data: unknown[] }).data).toEqual([]);
    await company
      .getByRole('heading', { name: 'No contributors found matching your criteria.' })
      .waitFor();
    expect(await table.count()).toBe(0);
    expect(new URL(company.url()).searchParams.get('q')).toBe(CONTRIBUTOR);
  });

  it("work in a private repository stays out of the profile a company reads, and in the contributor's own", async () => {
    // cpp-carlos (a demo contributor, linked to his simulator account) is a member of pixel-forge
    // and reads its private repository design-tokens; frontend-fay, its admin, posts a bounty
    // issue there and merges his staked pull request in OpenStake.
    const PRIVATE_REPO = 'pixel-forge/design-tokens';
    const DEVELOPER = 'cpp-carlos';
    const title = `Rename the secret palette tokens ${uniqueLogin('tok')}`;

    // The demo seeds its contributors while the server already serves: wait for him.
    const company = await browser.newPage();
    await signUpConfirmedCompany(company, 'hire');
    await untilDemoContributorListed(company, DEVELOPER);

    const maintainer = await browser.newPage();
    const simOrigin = await signInAsDemoMaintainer(maintainer, MAINTAINER);
    const bounty = await maintainer.request.post('/api/maintainer/bounty-issues', {
      data: {
        owner: 'pixel-forge',
        repo: 'design-tokens',
        title,
        body: 'Internal only.',
        labels: [],
        assignees: [],
        milestone: null,
        stakeAmount: 10,
        bountyAmount: 20,
      },
    });
    expect(bounty.status()).toBe(201);
    const issue = ((await bounty.json()) as { data: { issueId: number; number: number } }).data;

    const developer = await browser.newPage();
    await signInWithGithubAs(developer, DEVELOPER, 'contributor');
    const pr = await simControl<{ number: number; html_url: string }>(
      simOrigin,
      `/repos/${PRIVATE_REPO}/pulls`,
      { author: DEVELOPER, title: `Tokens (#${issue.number})`, body: `Fixes #${issue.number}` },
    );
    const amount = await stakePriceOf(developer.request, issue.issueId);
    const staked = await developer.request.post('/api/contributor/stakes', {
      data: { issueId: issue.issueId, prUrl: pr.html_url, amount },
    });
    expect(staked.status()).toBe(201);
    const merged = await maintainer.request.post(
      `/api/maintainer/repos/${PRIVATE_REPO}/pulls/${pr.number}/merge`,
      {
        data: {
          ratings: {
            codeQuality: 4,
            documentation: 3,
            testing: 3,
            performance: 2,
            security: 2,
          },
          tags: ['bugFix'],
          complexity: [],
          bonuses: [],
        },
      },
    );
    expect(merged.status()).toBe(200);

    // The company opens his profile: his public work shows, the private merge does not.
    await company.goto(`/company/dashboard?q=${DEVELOPER}`);
    await company.getByRole('button', { name: `View Profile of ${DEVELOPER}` }).click();
    const profile = company.getByRole('dialog');
    const work = profile.getByRole('list', { name: 'Verified work' });
    await work.getByRole('listitem').first().waitFor();
    await profile.getByRole('list', { name: 'Recent stakes' }).waitFor();
    for (const text of [PRIVATE_REPO, title]) {
      expect(await profile.getByText(text).count(), text).toBe(0);
    }
    expect(await profile.locator(`a[href="${pr.html_url}"]`).count()).toBe(0);

    // His own profile lists it among his stakes.
    await developer.goto('/contributor/profile');
    await developer.getByText(title).first().waitFor();
  });
});
