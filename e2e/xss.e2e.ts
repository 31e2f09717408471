import { Browserish, approveOnSim } from '@openstake/github-sim/testing';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newAccount, type Account } from './helpers/accounts';
import { baseUrl, expectBrowserErrors, failedRequest, toast, useBrowser } from './helpers/browser';
import { simControl } from './helpers/github-sim';
import { confirmAddress, readDemoMailbox, sendToDemoMailbox } from './helpers/mail';
import { renderMail } from '@openstake/server/src/modules/mail/mail-template';
import {
  installHederaSigner,
  installMetamask,
  newEvmAccount,
  newHederaKey,
} from './helpers/wallets';
import { armXssTraps, expectNoXss, waitForText } from './helpers/xss-check';
import {
  allVectorsText,
  SHORT_FIELD_VECTORS,
  vectorGroups,
  XSS_VECTORS,
} from './helpers/xss-vectors';

/**
 * Issue 9, 'Browser XSS': the XSS vectors in every text a user or GitHub controls, rendered in
 * Chromium on every page that shows it, as the person who would see it there. On each page no
 * vector may run (no dialog, nothing written to window.__xss) and no markup that could run later
 * (an on* attribute, a frame, a javascript: or data: link) may be in the document.
 */

const browser = useBrowser();
// java-jane owns java-jane/spring-todo (Java); kai-kotlin's repositories are Kotlin and Java, so
// the repository's 'good first issue' issues are suggested to him. No other e2e file uses them.
const MAINTAINER = 'java-jane';
const CONTRIBUTOR = 'kai-kotlin';
const OWNER = MAINTAINER;
const REPO = 'spring-todo';
const SESSION_COOKIE = 'openstake_session';

const ALL_VECTORS = XSS_VECTORS.join(' ');
// Short fields get the vectors in groups that fit them, each group starting with its marker;
// those a test can only fill one at a time, with a page load each, get one vector per technique.
const TITLE_GROUPS = vectorGroups('xss-bounty', 256);
const PULL_GROUPS = vectorGroups('xss-pull', 500);
const NAME_GROUPS = vectorGroups('xss-name', 100, SHORT_FIELD_VECTORS);
const BIO_GROUPS = vectorGroups('xss-bio', 500);
const KEY_GROUPS = vectorGroups('xss-key', 100, SHORT_FIELD_VECTORS);
const MESSAGE_GROUPS = vectorGroups('xss-message', 199, SHORT_FIELD_VECTORS);
// Messages between a company and a contributor: 2,000 characters at most.
const CHAT_GROUPS = vectorGroups('xss-chat', 2000);
const REPLY_GROUPS = vectorGroups('xss-reply', 2000);

interface Session {
  account: Account;
  jar: Browserish;
  userId: string;
}
interface SimIssue {
  id: number;
  number: number;
  html_url: string;
}
interface SimPull {
  number: number;
  html_url: string;
}

const json = { 'content-type': 'application/json' };
/** A group's second marker, for its body: 'xss-body-bounty-01' does not contain 'xss-bounty-01'. */
const bodyMarker = (marker: string) => marker.replace('xss-', 'xss-body-');
/** What a one-line input keeps of a text: the browser drops its line breaks. */
const oneLine = (text: string) => text.replace(/[\r\n]/g, '');

/** A call to the OpenStake API with the session's cookie; answers the status and the body. */
async function api<T>(
  session: Session,
  method: string,
  path: string,
  body?: object,
): Promise<{ status: number; body: T }> {
  const res = await session.jar.fetch(`${baseUrl()}${path}`, {
    method,
    headers: body ? json : {},
    body: body ? JSON.stringify(body) : undefined,
  });
  return { status: res.status, body: (await res.json()) as T };
}

/** Signs up and in over plain HTTP, and links the GitHub login when there is one. */
async function signUp(role: Account['role'], githubUsername: string, link: boolean) {
  const account = newAccount(role, githubUsername);
  const jar = new Browserish();
  const post = (path: string) =>
    jar.fetch(`${baseUrl()}${path}`, {
      method: 'POST',
      headers: json,
      body: JSON.stringify(account),
    });
  expect((await post('/register')).status).toBe(201);
  const login = await post('/login');
  expect(login.status).toBe(200);
  const { user } = (await login.json()) as { user: { id: string } };
  const session: Session = { account, jar, userId: user.id };
  if (!link) return { session, simOrigin: '' };
  const authorize = (await jar.fetch(`${baseUrl()}/api/github/connect`)).headers.get('location');
  expect(authorize).toBeTruthy();
  const back = await jar.fetch(await approveOnSim(authorize ?? '', githubUsername, 'approve'));
  expect(back.headers.get('location')).toContain('github=connected');
  return { session, simOrigin: new URL(authorize ?? '').origin };
}

/** A call to the simulator's REST API as `token`'s user, which must succeed. */
async function simRest<T>(
  simOrigin: string,
  token: string,
  method: string,
  path: string,
  body?: unknown,
): Promise<T> {
  const res = await fetch(`${simOrigin}/api/v3${path}`, {
    method,
    headers: { ...json, authorization: `token ${token}`, accept: 'application/vnd.github+json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  expect(res.ok, `${method} ${path}: ${String(res.status)}`).toBe(true);
  return (await res.json()) as T;
}

// Everything the tests place, made once in beforeAll.
let simOrigin = '';
let maintainerToken = '';
let maintainer: Session;
let contributor: Session;
let viewer: Session;
let simIssue: SimIssue & { trackedId: number };
const bountyIssues: { trackedId: number; number: number; marker: string }[] = [];
let stakedPull: SimPull;
const pulls: SimPull[] = [];

/** A page for `session` (none: signed out), armed against XSS. */
async function openAs(session: Session | null): Promise<Page> {
  const page = await browser.newPage();
  if (session) {
    const cookie = session.jar
      .header()
      .split('; ')
      .find((c) => c.startsWith(`${SESSION_COOKIE}=`));
    expect(cookie).toBeDefined();
    await browser.context().addCookies([
      {
        name: SESSION_COOKIE,
        value: (cookie ?? '').slice(SESSION_COOKIE.length + 1),
        url: baseUrl(),
      },
    ]);
  }
  await armXssTraps(browser.context(), page);
  return page;
}

/** Waits until a label named `name` is shown in `scope` (a badge holds just the name). */
async function labelShown(scope: Page | Locator, name: string): Promise<void> {
  await scope.getByText(name.replace(/\s+/g, ' ').trim(), { exact: true }).first().waitFor();
}

/** Opens `path`, waits until every marker is on the page, then checks that nothing ran. */
async function visit(page: Page, path: string, markers: string[]): Promise<void> {
  await page.goto(path);
  for (const marker of markers) await waitForText(page, marker);
  await expectNoXss(page, path.length > 80 ? `${path.slice(0, 80)}…` : path);
}

describe('browser XSS: hostile text is only ever text', () => {
  beforeAll(async () => {
    // The maintainer links GitHub and connects the repository (OpenStake adds its webhook).
    ({ session: maintainer, simOrigin } = await signUp('maintainer', MAINTAINER, true));
    const connected = await api(maintainer, 'POST', '/api/maintainer/repositories', {
      owner: OWNER,
      repo: REPO,
    });
    expect(connected.status).toBe(201);
    ({ session: contributor } = await signUp('contributor', CONTRIBUTOR, true));
    ({ session: viewer } = await signUp('contributor', 'xss-viewer', false));
    maintainerToken = (
      await simControl<{ token: string }>(simOrigin, '/tokens', { login: MAINTAINER })
    ).token;
    const repoPath = `/repos/${OWNER}/${REPO}`;

    // On GitHub: an issue whose title, body, labels and comment are the vectors.
    const issue = await simRest<SimIssue>(
      simOrigin,
      maintainerToken,
      'POST',
      `${repoPath}/issues`,
      {
        title: `xss-issue-title ${ALL_VECTORS}`,
        body: allVectorsText('xss-issue-body'),
        labels: ['good first issue', ...XSS_VECTORS],
      },
    );
    await simRest(
      simOrigin,
      maintainerToken,
      'POST',
      `${repoPath}/issues/${String(issue.number)}/comments`,
      {
        body: allVectorsText('xss-comment'),
      },
    );

    // Bounty issues posted on OpenStake, titled with the vectors (256 characters at most), with
    // the vectors as their bodies and, added on GitHub afterwards, as their labels.
    for (const group of TITLE_GROUPS) {
      const created = await api<{ data: { issueId: number; number: number } }>(
        maintainer,
        'POST',
        '/api/maintainer/bounty-issues',
        {
          owner: OWNER,
          repo: REPO,
          title: group.text,
          body: [bodyMarker(group.marker), ...group.vectors].join('\n\n'),
          labels: [],
          stakeAmount: 1,
          bountyAmount: 1,
        },
      );
      expect(created.status).toBe(201);
      const { issueId, number } = created.body.data;
      await simRest(
        simOrigin,
        maintainerToken,
        'POST',
        `${repoPath}/issues/${String(number)}/labels`,
        {
          labels: group.vectors,
        },
      );
      bountyIssues.push({ trackedId: issueId, number, marker: group.marker });
    }

    // Pull requests by the contributor: one with every vector in its title, body and labels
    // that fixes the issue, and one per group for the list's body previews.
    stakedPull = await simControl<SimPull>(simOrigin, `${repoPath}/pulls`, {
      author: CONTRIBUTOR,
      title: `xss-pr-title ${ALL_VECTORS}`,
      // The body's first '#N' names the related issue: '&#95;' below would be '#95'.
      body: `Fixes #${String(issue.number)}\n\n${allVectorsText('xss-pr-body')}`,
    });
    await simRest(
      simOrigin,
      maintainerToken,
      'POST',
      `${repoPath}/issues/${String(stakedPull.number)}/labels`,
      {
        labels: XSS_VECTORS,
      },
    );
    for (const group of PULL_GROUPS) {
      pulls.push(
        await simControl<SimPull>(simOrigin, `${repoPath}/pulls`, {
          author: CONTRIBUTOR,
          title: group.text,
          body: [bodyMarker(group.marker), ...group.vectors].join('\n\n'),
        }),
      );
    }

    // The contributor analyses his repositories, finds the issue among his suggestions and
    // stakes on it with the pull request; opening the bounty issues refreshes their labels.
    expect(
      (await api(contributor, 'POST', '/api/contributor/analyze-repositories', {})).status,
    ).toBe(200);
    const suggested = await api<{
      data: {
        issues: { id: number; number: number; stakePrice: { amount: number }; htmlUrl: string }[];
      };
    }>(contributor, 'POST', '/api/contributor/suggested-issues', {});
    const tracked = suggested.body.data.issues.find((i) => i.htmlUrl === issue.html_url);
    expect(tracked).toBeDefined();
    simIssue = { ...issue, trackedId: tracked?.id ?? 0 };
    for (const bounty of bountyIssues) {
      const details = await api(
        contributor,
        'POST',
        `/api/contributor/issue-details/${String(bounty.trackedId)}`,
        {},
      );
      expect(details.status).toBe(200);
    }
    const stake = await api(contributor, 'POST', '/api/contributor/stakes', {
      issueId: simIssue.trackedId,
      prUrl: stakedPull.html_url,
      // What the suggestion shows this contributor: their price, not the issue's own stake.
      amount: tracked?.stakePrice.amount,
    });
    expect(stake.status).toBe(201);
  });

  afterAll(async () => {
    // Leave nothing open that would show up on other files' pages: the pull requests closed
    // (the stake is refunded), the issues closed as not planned (the bounties are refunded).
    if (!simOrigin || !maintainerToken) return;
    const repoPath = `/repos/${OWNER}/${REPO}`;
    for (const pull of [stakedPull, ...pulls].filter(Boolean)) {
      await simControl(simOrigin, `${repoPath}/pulls/${String(pull.number)}/close`, {
        by: MAINTAINER,
      });
    }
    for (const number of [simIssue?.number, ...bountyIssues.map((b) => b.number)]) {
      if (number === undefined) continue;
      await simRest(simOrigin, maintainerToken, 'PATCH', `${repoPath}/issues/${String(number)}`, {
        state: 'closed',
        state_reason: 'not_planned',
      });
    }
    await fetch(`${simOrigin}/_sim/deliveries`);
  });

  it("the contributor's pages: dashboard, suggested issues, my stakes, issue pages and profile", async () => {
    const page = await openAs(contributor);
    await visit(page, '/contributor/dashboard', ['Welcome back']);
    await visit(page, '/contributor/dashboard?tab=issues', [
      'xss-issue-title',
      ...bountyIssues.map((b) => b.marker),
      ...bountyIssues.map((b) => bodyMarker(b.marker)),
    ]);
    await visit(page, '/contributor/dashboard?tab=stakes', ['xss-issue-title']);

    await visit(page, `/contributor/issue/${String(simIssue.trackedId)}`, [
      'xss-issue-title',
      'xss-issue-body',
    ]);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(
      `xss-issue-title ${ALL_VECTORS}`,
    );
    for (const vector of XSS_VECTORS) await labelShown(page, vector);
    // The contributor's own pending stake on it is shown too, with its pull request.
    await page.getByText('Staked — waiting for review').waitFor();
    await expectNoXss(page, 'the issue page with its stake');
    // A bounty issue's page too: its title is one group, its labels were added on GitHub.
    const [bounty] = bountyIssues;
    if (!bounty) throw new Error('no bounty issue');
    await visit(page, `/contributor/issue/${String(bounty.trackedId)}`, [
      bounty.marker,
      bodyMarker(bounty.marker),
    ]);
    for (const vector of TITLE_GROUPS[0]?.vectors ?? []) await labelShown(page, vector);
    // The stake dialog names the issue by its title.
    await page.getByRole('button', { name: 'Stake & Start Working' }).click();
    const stakeDialog = page.getByRole('dialog');
    await stakeDialog.getByText(bounty.marker).waitFor();
    await expectNoXss(page, 'stake dialog');
    await page.keyboard.press('Escape');
    await stakeDialog.waitFor({ state: 'detached' });
    await visit(page, '/contributor/profile', ['xss-issue-title']);
  });

  it("the maintainer's pages: repositories, pull requests, related issue, open issue for a PR, repository issues, bounty issues, new issue", async () => {
    const page = await openAs(maintainer);
    await visit(page, '/maintainer/dashboard', [`${OWNER}/${REPO}`]);

    // The pull requests: titles, body previews and labels; then the staked one's related issue
    // (its markdown body), details, merge dialog and the issue opened for it.
    await visit(page, `/maintainer/repo/${OWNER}/${REPO}/issues`, [
      'xss-pr-title',
      ...PULL_GROUPS.map((g) => g.marker),
      ...PULL_GROUPS.map((g) => bodyMarker(g.marker)),
    ]);
    const card = page.getByTestId('pull-request').filter({ hasText: 'xss-pr-title' });
    const labels = card.getByRole('list', { name: 'Labels' });
    for (const vector of XSS_VECTORS) await labelShown(labels, vector);
    await card.getByRole('button', { name: 'Related Issue' }).click();
    await card.getByTestId('related-issue').getByText('xss-issue-body').waitFor();
    await expectNoXss(page, 'related issue of the pull request');
    await card.getByRole('button', { name: 'View Details' }).click();
    await card.getByText('Changed files').waitFor();
    await card.getByRole('button', { name: 'Merge PR' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('xss-pr-title').waitFor();
    await expectNoXss(page, 'pull request details and merge dialog');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });

    const prTitle = `[Bounty] xss-pr-title ${ALL_VECTORS}`;
    await card.getByRole('link', { name: 'New Issue for PR' }).click();
    await page
      .getByRole('heading', { name: `New Issue for PR #${String(stakedPull.number)}` })
      .waitFor();
    expect(await page.getByRole('textbox', { name: 'Title', exact: true }).inputValue()).toBe(
      oneLine(prTitle),
    );
    await expectNoXss(page, 'open issue for a pull request');
    await previewDescription(page, 'xss-preview-open-issue');
    // Opened from a link (a new history entry, without the list's state), the page fetches the
    // pull request for its title.
    await page.goto('about:blank');
    await visit(
      page,
      `/maintainer/open-issue/${String(stakedPull.number)}?owner=${OWNER}&repo=${REPO}`,
      ['View pull request'],
    );
    expect(await page.getByRole('textbox', { name: 'Title', exact: true }).inputValue()).toBe(
      oneLine(prTitle),
    );

    await visit(page, `/maintainer/repo/${OWNER}/${REPO}/prs`, [
      'xss-issue-title',
      'xss-issue-body',
      ...bountyIssues.map((b) => b.marker),
      ...bountyIssues.map((b) => bodyMarker(b.marker)),
    ]);
    const issueCard = page.getByTestId('repository-issue').filter({ hasText: 'xss-issue-title' });
    for (const vector of XSS_VECTORS) {
      await labelShown(issueCard.getByRole('list', { name: 'Labels' }), vector);
    }
    await visit(page, '/maintainer/bounty-issues', [
      ...bountyIssues.map((b) => b.marker),
      ...bountyIssues.map((b) => bodyMarker(b.marker)),
    ]);
    for (const group of TITLE_GROUPS) {
      const bountyCard = page.getByTestId('bounty-issue').filter({ hasText: group.marker });
      const labels = bountyCard.getByRole('list', { name: 'Labels' });
      for (const vector of group.vectors) await labelShown(labels, vector);
    }
    await visit(page, `/maintainer/new-issue?owner=${OWNER}&repo=${REPO}`, [
      'Create Issue with Stake & Bounty',
    ]);
    await previewDescription(page, 'xss-preview-new-issue');
  });

  it('organization settings: the context, and API key names in the list, the notice and the delete dialog', async () => {
    // The organization has no saved context until this test saves one.
    expectBrowserErrors(failedRequest(404, /\/context$/));
    const page = await openAs(maintainer);
    await page.goto('/maintainer/org-settings/config');
    await page.getByRole('textbox', { name: 'GitHub username or organization' }).fill(OWNER);
    await page.getByRole('button', { name: 'Fetch Repositories' }).click();
    await page.getByRole('checkbox', { name: `${OWNER}/${REPO}` }).click();
    await page.getByRole('button', { name: 'Generate Context' }).click();
    const context = page.getByTestId('organization-context');
    await context.waitFor();
    await page.getByRole('button', { name: 'Edit', exact: true }).click();
    const contextText = allVectorsText('xss-context');
    await page.getByRole('textbox', { name: 'Context', exact: true }).fill(contextText);
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await context.getByText('xss-context').waitFor();
    await page.getByRole('button', { name: 'Save Context' }).click();
    await toast(page, 'Context saved');
    await expectNoXss(page, 'edited context');
    await visit(page, '/maintainer/org-settings/config', ['xss-context']);
    expect(await context.textContent()).toBe(contextText);
    // A context's links must be the organization's repositories: never a javascript: address.
    const refused = await api(maintainer, 'PUT', `/api/maintainer/organizations/${OWNER}/context`, {
      context: contextText,
      repoLinks: ['javascript:__xss=46'],
    });
    expect(refused.status).toBe(400);

    // Key names: the first through the form (the one-time notice shows it), the others through
    // the same API; then the list, and each key's delete dialog.
    const [first, ...others] = KEY_GROUPS;
    if (!first) throw new Error('no key names');
    await page.getByRole('textbox', { name: 'Key name (optional)' }).fill(first.text);
    await page.getByRole('button', { name: 'Create API Key' }).click();
    await page.getByTestId('created-api-key').getByText(first.marker).waitFor();
    await expectNoXss(page, 'created API key notice');
    for (const group of others) {
      const created = await api(
        maintainer,
        'POST',
        `/api/maintainer/organizations/${OWNER}/api-keys`,
        { name: group.text },
      );
      expect(created.status).toBe(201);
    }
    await visit(
      page,
      '/maintainer/org-settings/api-keys',
      KEY_GROUPS.map((g) => g.marker),
    );
    for (const group of KEY_GROUPS) {
      const row = page.getByTestId('api-key').filter({ hasText: group.marker });
      await row.getByRole('button', { name: /^Delete key/ }).click();
      const confirm = page.getByRole('alertdialog');
      await confirm.getByText(group.marker).waitFor();
      await expectNoXss(page, `delete dialog of ${group.marker}`);
      await page.keyboard.press('Escape');
      await confirm.waitFor({ state: 'detached' });
    }
  });

  it('the display name and bio on settings, the profile and the public profile, also as another contributor sees it', async () => {
    // Saved through the settings form, which shows the name in its summary card; the profile and
    // the public profile show name and bio in ProfileIdentity. Every round checks settings; while
    // there are bio groups, also the profile and the public profile as another contributor
    // loads it; the first round also the own public profile, reached in the app.
    const settings = await openAs(contributor);
    const profile = await openAs(contributor);
    const other = await openAs(viewer);
    const publicPath = `/contributor/profile/${contributor.userId}/public`;
    await settings.goto('/contributor/settings');
    const rounds = Math.max(NAME_GROUPS.length, BIO_GROUPS.length);
    for (let index = 0; index < rounds; index++) {
      const name = NAME_GROUPS[Math.min(index, NAME_GROUPS.length - 1)];
      const bio = BIO_GROUPS[Math.min(index, BIO_GROUPS.length - 1)];
      if (!name || !bio) throw new Error('no name or bio');
      await settings.getByLabel('Display Name').fill(name.text);
      await settings.getByLabel('Bio').fill(bio.text);
      await settings.getByRole('button', { name: 'Save Profile' }).click();
      // The summary card shows the name once the server has it.
      await waitForText(settings, name.marker);
      await expectNoXss(settings, `settings with ${name.marker}`);
      if (index < BIO_GROUPS.length) {
        await Promise.all([
          visit(profile, '/contributor/profile', [name.marker, bio.marker]),
          visit(other, publicPath, [name.marker, bio.marker]),
        ]);
      }
      if (index === 0) {
        await settings.getByRole('link', { name: 'View Public Profile' }).click();
        for (const marker of [name.marker, bio.marker]) await waitForText(settings, marker);
        await expectNoXss(settings, `own public profile with ${name.marker}, ${bio.marker}`);
        await settings.getByRole('link', { name: 'Back to Settings' }).click();
        await settings.getByRole('heading', { name: 'Profile Settings' }).waitFor();
      }
    }
  });

  it('the hire directory and messages: a hostile name, bio, stake and messages, as the company and the contributor see them', async () => {
    // A company account (no GitHub username), signed in over plain HTTP like the others.
    const account = {
      role: 'company',
      email: `xss-company-${String(Date.now())}@example.com`,
      password: 'a-good-password',
    };
    const jar = new Browserish();
    for (const path of ['/register', '/login']) {
      const res = await jar.fetch(`${baseUrl()}${path}`, {
        method: 'POST',
        headers: json,
        body: JSON.stringify(account),
      });
      expect(res.status).toBeLessThan(300);
      // A company writes to contributors only from an address it confirmed.
      if (path === '/register') await confirmAddress(account.email);
    }
    const company: Session = {
      account: { ...account, githubUsername: '' } as Account,
      jar,
      userId: '',
    };
    const search = `/company/dashboard?q=${encodeURIComponent(CONTRIBUTOR)}`;
    const hire = await openAs(company);

    // The name and bio in the directory's row and the profile dialog (with the staked issue's
    // hostile title among the recent stakes), a round per group.
    const rounds = Math.max(NAME_GROUPS.length, BIO_GROUPS.length);
    for (let index = 0; index < rounds; index++) {
      const name = NAME_GROUPS[Math.min(index, NAME_GROUPS.length - 1)];
      const bio = BIO_GROUPS[Math.min(index, BIO_GROUPS.length - 1)];
      if (!name || !bio) throw new Error('no name or bio');
      const saved = await api(
        contributor,
        'PUT',
        `/api/contributor/profile/${contributor.userId}`,
        {
          profile: { name: name.text, bio: bio.text },
        },
      );
      expect(saved.status).toBe(200);
      await visit(hire, search, [name.marker]);
      await hire.getByRole('button', { name: 'View Profile' }).first().click();
      for (const marker of [bio.marker, 'xss-issue-title']) await waitForText(hire, marker);
      await expectNoXss(hire, `profile dialog with ${name.marker}, ${bio.marker}`);
    }

    // Messages both ways, each group a message: the company's in the contributor's Messages tab,
    // the contributor's replies on the company's messages page.
    let conversationId = '';
    for (const group of CHAT_GROUPS) {
      const sent = await api<{ data: { id: string } }>(
        company,
        'POST',
        `/api/company/contributors/${contributor.userId}/messages`,
        { text: group.text },
      );
      expect(sent.status).toBe(201);
      conversationId = sent.body.data.id;
    }
    for (const group of REPLY_GROUPS) {
      const replied = await api(
        contributor,
        'POST',
        `/api/contributor/conversations/${conversationId}/messages`,
        { text: group.text },
      );
      expect(replied.status).toBe(201);
    }
    const inbox = await openAs(contributor);
    await inbox.goto('/contributor/dashboard?tab=messages');
    await inbox.getByTestId('conversation').first().click();
    for (const group of CHAT_GROUPS) await waitForText(inbox, group.marker);
    await expectNoXss(inbox, "the contributor's messages");
    await visit(
      hire,
      `/company/messages?conversation=${conversationId}`,
      REPLY_GROUPS.map((g) => g.marker),
    );
  });

  it('the ?github=error&message= and ?message= parameters of login, sign-up and the dashboards', async () => {
    const signedOut = await openAs(null);
    const contributorPage = await openAs(contributor);
    const maintainerPage = await openAs(maintainer);
    // A failed GitHub round trip comes back with its message: the login and sign-up forms show it
    // in their alert, every page in a toast.
    for (const group of MESSAGE_GROUPS) {
      const search = `?github=error&message=${encodeURIComponent(group.text)}`;
      await Promise.all([
        (async () => {
          await visit(signedOut, `/login${search}`, [group.marker]);
          await visit(signedOut, `/signUp${search}`, [group.marker]);
        })(),
        visit(contributorPage, `/contributor/dashboard${search}`, [group.marker, 'Welcome back']),
        visit(maintainerPage, `/maintainer/dashboard${search}`, [group.marker, `${OWNER}/${REPO}`]),
      ]);
    }
    // Nothing reads ?message= without ?github=error: the page renders as without it.
    const lone = encodeURIComponent(`xss-lone ${ALL_VECTORS}`);
    await visit(signedOut, `/login?message=${lone}`, ['Welcome back']);
  });

  it('the demo mailbox: a mail whose subject and text carry the vectors, listed and opened', async () => {
    // A notification quotes what a user wrote (a company's message): the template's HTML escapes
    // it, and the mailbox shows the text part as text, its http(s) addresses as links only.
    const to = `xss-mail-${String(Date.now())}@example.com`;
    await sendToDemoMailbox(
      renderMail(
        'xss-notification',
        {
          subject: `xss-mail-subject ${ALL_VECTORS}`,
          blocks: [{ paragraph: allVectorsText('xss-mail-text') }],
          notification: true,
        },
        { to },
        { publicUrl: baseUrl },
      ),
    );
    const [mail] = (await readDemoMailbox()).filter((m) => m.to === to);
    expect(mail).toBeDefined();
    const page = await openAs(null);
    await visit(page, '/demo/mailbox', ['xss-mail-subject']);
    await visit(page, `/demo/mailbox?message=${encodeURIComponent(mail!.id)}`, [
      'xss-mail-subject',
      'xss-mail-text',
    ]);
  });

  it("the wallet screens: /connect-wallet's query parameters in its banner, form and errors, and a wallet's own error texts", async () => {
    // The server refuses the hostile owner and repo 'Store These Values' sends (400), and the
    // header's MetaMask connect, rejected by the wallet, asks nothing of the server.
    expectBrowserErrors(failedRequest(400, /\/api\/store\/values$/));
    const text = (marker: string) => `${marker} ${ALL_VECTORS}`;
    const page = await openAs(contributor);
    // A wallet whose rejection text is the vectors, as a hostile extension could answer.
    await installMetamask(browser.context(), {
      account: newEvmAccount(),
      balanceWei: 0n,
      rejectWith: text('xss-wallet-reject'),
    });
    // A Hedera signer that names a hostile account, echoed in the mismatch error.
    await installHederaSigner(browser.context(), text('xss-wallet-account'), newHederaKey());

    // The banner 'From {owner}/{repo}' and the badge '#{issue}'; the GitHub name's prefill.
    const q = (value: string) => encodeURIComponent(value);
    await visit(
      page,
      `/connect-wallet?owner=${q(text('xss-wallet-owner'))}&repo=${q(text('xss-wallet-repo'))}`,
      ['xss-wallet-owner', 'xss-wallet-repo'],
    );
    await visit(
      page,
      `/connect-wallet?github=${q(text('xss-wallet-github'))}&owner=o&repo=r&issue=${q(text('xss-wallet-issue'))}`,
      ['xss-wallet-issue'],
    );
    const github = page.getByLabel('GitHub username');
    expect(await github.inputValue()).toBe(oneLine(text('xss-wallet-github')));
    // The field's own error, then the server's refusal of the hostile origin, in a toast.
    await page.getByRole('button', { name: 'Store These Values' }).click();
    await waitForText(page, 'Invalid GitHub username format');
    await expectNoXss(page, "/connect-wallet's validation errors");
    await page.goto(
      `/connect-wallet?owner=${q(text('xss-wallet-owner'))}&repo=${q(text('xss-wallet-repo'))}&issue=1`,
    );
    await github.fill(CONTRIBUTOR);
    await page.getByLabel('Public Address').fill(newEvmAccount().address);
    await page.getByRole('button', { name: 'Store These Values' }).click();
    await page
      .locator('[data-sonner-toast][data-type="error"]')
      .filter({ hasNotText: 'Please fill in all required fields correctly' })
      .first()
      .waitFor();
    await expectNoXss(page, "/connect-wallet with the server's refusal");

    // The wallet's rejection, in the page's toast and alert.
    await page.goto('/connect-wallet');
    await github.fill(CONTRIBUTOR);
    await page.getByLabel('Public Address').fill(newEvmAccount().address);
    await page.getByRole('button', { name: 'Connect MetaMask' }).click();
    await page.getByRole('alert').getByText('xss-wallet-reject').waitFor();
    await toast(page, text('xss-wallet-reject'));
    await expectNoXss(page, "/connect-wallet with MetaMask's rejection");
    // The Hedera signer's account, echoed in the mismatch error.
    await page.getByLabel('Public Address').fill('0.0.4599999');
    await page.getByRole('button', { name: 'Connect Hedera Wallet' }).click();
    await page.getByRole('alert').getByText('xss-wallet-account').waitFor();
    await expectNoXss(page, "/connect-wallet with the Hedera wallet's account");

    // The header's Connect MetaMask: the rejection in its toast and inline alert.
    await visit(page, '/contributor/dashboard', ['Welcome back']);
    await page.getByRole('button', { name: 'Connect Wallet' }).click();
    await page.getByRole('menuitem', { name: 'Connect MetaMask' }).click();
    await page.getByTestId('wallet-error').getByText('xss-wallet-reject').waitFor();
    await expectNoXss(page, "the header wallet's error");
  });

  it('crafted addresses: route and search parameters shown on maintainer and contributor pages', async () => {
    // The server answers a page address whose last segment has a '.' with a JSON 404 (as a
    // file that does not exist), so the route parameters leave out the vectors with one.
    // Such addresses are refused by the API (too long, invalid, or naming nothing): on purpose.
    expectBrowserErrors(
      failedRequest(400, /xss-route/),
      failedRequest(404, /xss-route/),
      failedRequest(414, /xss-route/),
    );
    const text = `xss-route ${ALL_VECTORS}`;
    const param = encodeURIComponent(text);
    const segment = encodeURIComponent(
      `xss-route ${XSS_VECTORS.filter((v) => !v.includes('.')).join(' ')}`,
    );
    const maintainerPage = await openAs(maintainer);
    await visit(maintainerPage, `/maintainer/repo/${segment}/${segment}/issues`, ['xss-route']);
    await visit(maintainerPage, `/maintainer/open-issue/1?owner=${param}&repo=${param}`, [
      'xss-route',
    ]);
    await visit(maintainerPage, `/maintainer/new-issue?owner=${param}&repo=${param}`, [
      'Create Issue with Stake & Bounty',
    ]);
    expect(await maintainerPage.getByRole('textbox', { name: 'Owner' }).inputValue()).toBe(
      oneLine(text),
    );
    await visit(maintainerPage, `/maintainer/bounty-issues?search=${param}&status=${param}`, [
      'Bounty Issues',
    ]);
    const contributorPage = await openAs(contributor);
    await visit(contributorPage, `/contributor/issue/${segment}`, ['Issue Not Found']);
    await visit(contributorPage, `/contributor/profile/${segment}/public`, ['Back to Dashboard']);
  });
});

/** Types the vectors into a description field and opens its markdown preview. */
async function previewDescription(page: Page, marker: string): Promise<void> {
  await page.getByLabel('Description').fill(allVectorsText(marker));
  await page.getByRole('tab', { name: 'Preview' }).click();
  await waitForText(page, marker);
  await expectNoXss(page, `description preview (${marker})`);
}
