import { NOTIFICATIONS, type Conversation } from '@openstake/core';
import type { GithubSim } from '@openstake/github-sim';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { stakes } from '../src/db/schema';
import { announceBounties } from '../src/modules/stakes/announce-bounties';
import { sendWeeklyReports } from '../src/modules/stakes/send-weekly-reports';
import { settleStake } from '../src/modules/stakes/settle-stake';
import { connectRepository } from './helpers/connect-repository';
import { conversationCalls, notificationsReceived } from './helpers/conversations';
import { createUser, grantTestXp, type Account } from './helpers/factories';
import { listen } from './helpers/github-flow';
import { linkGithub } from './helpers/link-github';
import { proveGithub } from './helpers/prove-github';
import { startTestSmtpServer, type Mailbox } from './helpers/smtp-server';
import { REPO, REPO_FULL_NAME, stakePriceOf, stakeWorld } from './helpers/stake-world';
import { buildTestApp, type TestApp } from './helpers/test-app';

/*
 * Notification mails (issue 31, part 5; decision 018), over real SMTP: each event mails the
 * account it concerns, once, with a link into the app, and only while that account's switch for
 * it is on and its address is confirmed.
 */

/** Where the mails' links lead: the address the test server listens on (no PUBLIC_URL set). */
let PUBLIC_URL: string;

let smtp: Mailbox;
let app: TestApp;
let sim: GithubSim;
let base: string;
let world: ReturnType<typeof stakeWorld>;
let mia: Account; // connected the repository
let last = 0;
// The app's clock runs this far ahead of the real one (the weekly report's weeks).
let aheadMs = 0;
// Never the same millisecond twice: messages are ordered by when they were written.
const clock = {
  now: () => {
    last = Math.max(Date.now() + aheadMs, last + 1);
    return new Date(last);
  },
};
const DAY_MS = 86_400_000;

beforeAll(async () => {
  smtp = await startTestSmtpServer();
  app = await buildTestApp({ SMTP_URL: smtp.smtpUrl }, { clock });
  sim = app.githubSim!;
  base = await listen(app);
  PUBLIC_URL = app.ctx.publicUrl();
  world = stakeWorld(app, sim);
  mia = await createUser(app, 'maintainer', { githubUsername: 'mia-maintainer' });
  await linkGithub(base, mia, 'mia-maintainer');
  await connectRepository(app, base, mia, REPO);
});
afterAll(async () => {
  await app.close();
  await smtp.close();
});

const call = (who: Account, method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown) =>
  app.server.inject({
    method,
    url,
    headers: { cookie: who.cookie },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });

const mailsTo = (who: Account) => notificationsReceived(app, smtp, who);

async function contributor(options: { unconfirmedEmail?: boolean } = {}): Promise<Account> {
  const account = await createUser(app, 'contributor', options);
  await proveGithub(app, account);
  return account;
}

/** A new session of the same account, signed in as from the login page. */
async function signedInAgain(who: Account): Promise<Account> {
  const res = await app.server.inject({
    method: 'POST',
    url: '/login',
    payload: {
      role: who.user.role,
      email: who.email,
      password: who.password,
      ...(who.user.githubUsername && { githubUsername: who.user.githubUsername }),
    },
  });
  expect(res.statusCode, res.body).toBe(200);
  const cookie = res.cookies.find((c) => c.name === 'openstake_session')!;
  return { ...who, cookie: `${cookie.name}=${cookie.value}` };
}

const setSwitches = (who: Account, changes: Record<string, unknown>) =>
  call(who, 'PUT', '/api/notification-settings', changes);

describe('the switches', () => {
  it("lists each role's notifications at their defaults, and keeps what the account sets", async () => {
    const cleo = await contributor();
    const first = await call(cleo, 'GET', '/api/notification-settings');
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().data).toEqual({
      settings: [
        { kind: 'company-message', enabled: true },
        { kind: 'stake-settled', enabled: true },
        { kind: 'bounty-posted', enabled: true },
      ],
      emailVerified: true,
    });
    const off = await setSwitches(cleo, { 'bounty-posted': false });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json().data.settings).toContainEqual({ kind: 'bounty-posted', enabled: false });
    // The others stay as they were.
    expect(off.json().data.settings).toContainEqual({ kind: 'stake-settled', enabled: true });
    const again = await call(cleo, 'GET', '/api/notification-settings');
    expect(again.json().data.settings).toContainEqual({ kind: 'bounty-posted', enabled: false });

    const acme = await createUser(app, 'company', { unconfirmedEmail: true });
    const company = (await call(acme, 'GET', '/api/notification-settings')).json().data;
    expect(company).toEqual({
      settings: [{ kind: 'message-reply', enabled: true }],
      emailVerified: false,
    });
    const max = await createUser(app, 'maintainer');
    expect((await call(max, 'GET', '/api/notification-settings')).json().data.settings).toEqual([
      { kind: 'stake-awaiting-review', enabled: true },
      { kind: 'weekly-report', enabled: false },
    ]);
    // The maintainer's are the organization settings' two mail switches.
    await setSwitches(max, { 'weekly-report': true });
    const preferences = (await call(max, 'GET', '/api/maintainer/preferences')).json().data;
    expect(preferences).toMatchObject({ emailNotifications: true, weeklyReports: true });
  });

  it("refuses another role's notification, an unknown one, a non-boolean and an empty change", async () => {
    const cleo = await contributor();
    const foreign = await setSwitches(cleo, { 'weekly-report': true });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().message).toBe(
      `"${NOTIFICATIONS['weekly-report'].label}" is a notification for maintainers, not for your account`,
    );
    expect((await setSwitches(cleo, { 'spam-everyone': true })).statusCode).toBe(400);
    expect((await setSwitches(cleo, { 'stake-settled': 'no' })).statusCode).toBe(400);
    expect((await setSwitches(cleo, {})).statusCode).toBe(400);
    // Nothing of it was kept.
    expect(
      (await call(cleo, 'GET', '/api/notification-settings')).json().data.settings,
    ).toContainEqual({ kind: 'stake-settled', enabled: true });
  });
});

describe("a company's message and the contributor's reply", () => {
  const { contact, write, markRead } = conversationCalls(() => app);

  it('mails the reader once per conversation until they read it, with a link that opens it', async () => {
    const acme = await createUser(app, 'company');
    const cleo = await contributor();
    const sent = await contact(acme, cleo, 'We are hiring a <b>Rust</b> developer.');
    expect(sent.statusCode, sent.body).toBe(201);
    const conversation = sent.json<{ data: Conversation }>().data;

    const [mail, ...more] = await mailsTo(cleo);
    expect(more).toHaveLength(0);
    expect(mail!.subject).toBe(`${acme.email} wrote to you on OpenStake`);
    expect(mail!.text).toContain('We are hiring a <b>Rust</b> developer.');
    // Escaped in HTML: the company's text is never markup in the contributor's mail.
    expect(mail!.html).toContain('We are hiring a &lt;b&gt;Rust&lt;/b&gt; developer.');
    const link = `${PUBLIC_URL}/contributor/dashboard?tab=messages&conversation=${conversation.id}`;
    expect(mail!.text).toContain(link);
    expect(mail!.headers['list-unsubscribe']).toBe(`<${PUBLIC_URL}/settings/notifications>`);

    // A second message while the first is unread mails nothing.
    expect((await write(acme, conversation.id, 'Are you available?')).statusCode).toBe(201);
    expect(await mailsTo(cleo)).toHaveLength(1);
    // Once read, the next one mails again.
    expect((await markRead(cleo, conversation.id)).statusCode).toBe(200);
    expect((await write(acme, conversation.id, 'Following up.')).statusCode).toBe(201);
    expect(await mailsTo(cleo)).toHaveLength(2);

    // The reply mails the company, naming the contributor by the login GitHub proved.
    expect((await write(cleo, conversation.id, 'Yes, tell me more.')).statusCode).toBe(201);
    const replies = await mailsTo(acme);
    expect(replies).toHaveLength(1);
    expect(replies[0]!.subject).toBe(`${cleo.user.githubUsername} replied to you on OpenStake`);
    expect(replies[0]!.text).toContain(
      `${PUBLIC_URL}/company/messages?conversation=${conversation.id}`,
    );
    expect((await write(cleo, conversation.id, 'And one more thing.')).statusCode).toBe(201);
    expect(await mailsTo(acme)).toHaveLength(1);
  });

  it('sends nothing to a reader whose switch is off, or whose address is not confirmed', async () => {
    const acme = await createUser(app, 'company');
    const quiet = await contributor();
    const unconfirmed = await contributor({ unconfirmedEmail: true });
    expect((await setSwitches(quiet, { 'company-message': false })).statusCode).toBe(200);
    expect((await contact(acme, quiet, 'Hello there.')).statusCode).toBe(201);
    const toUnconfirmed = await contact(acme, unconfirmed, 'Hello there.');
    expect(toUnconfirmed.statusCode).toBe(201);
    expect(await mailsTo(quiet)).toHaveLength(0);
    expect(await mailsTo(unconfirmed)).toHaveLength(0);

    // The company's switch for replies, off: the reply mails nothing.
    expect((await setSwitches(acme, { 'message-reply': false })).statusCode).toBe(200);
    const conversationId = toUnconfirmed.json<{ data: Conversation }>().data.id;
    expect((await write(unconfirmed, conversationId, 'Thanks!')).statusCode).toBe(201);
    expect(await mailsTo(acme)).toHaveLength(0);
  });
});

describe('a stake: placed (to its reviewers) and settled (to its contributor)', () => {
  let nia: Account;
  beforeAll(async () => {
    nia = await createUser(app, 'contributor', { githubUsername: 'newbie-nia' });
    await linkGithub(base, nia, 'newbie-nia');
    // Nia holds more open stakes at once than a Code Novice may (3, decision 015).
    await grantTestXp(app, nia, 5000);
  });
  // A rejection prices Nia's next stake at 1.5x for 90 days (decision 015): each test stakes the
  // issue's own stake, so her rejections are dated out of that window.
  afterEach(async () => {
    await app.ctx.db
      .update(stakes)
      .set({ settledAt: sql`${stakes.settledAt} - interval '91 days'` })
      .where(and(eq(stakes.userId, nia.user.id), eq(stakes.status, 'rejected')));
  });

  async function staked(labels: string[] = []) {
    const issue = await world.createIssue({ labels, title: 'Fix the <script> parser' });
    const pr = await world.openPullRequest('newbie-nia', issue.number);
    const res = await call(nia, 'POST', '/api/contributor/stakes', {
      issueId: issue.githubId,
      prUrl: pr.url,
      amount: issue.stakingRequired,
    });
    expect(res.statusCode, res.body).toBe(201);
    return { issue, pr, id: res.json().data._id as string };
  }

  /** Mia posts a new issue with a bounty of 100 coins (a stake of 10) on the repository. */
  async function postBounty(title: string) {
    const posted = await call(mia, 'POST', '/api/maintainer/bounty-issues', {
      ...REPO,
      title,
      body: '',
      labels: [],
      assignees: [],
      milestone: null,
      stakeAmount: 10,
      bountyAmount: 100,
    });
    expect(posted.statusCode, posted.body).toBe(201);
    return posted.json<{ data: { issueId: number; number: number } }>().data;
  }

  /** Nia's one new notification since `before` (her count of them then). */
  async function oneNewMail(before: number) {
    const mails = await mailsTo(nia);
    expect(mails).toHaveLength(before + 1);
    return mails.at(-1)!;
  }

  it('tells the maintainer a staked pull request waits for review, and not once they turn it off', async () => {
    const before = (await mailsTo(mia)).length;
    const { issue, pr } = await staked(); // beginner: 5 coins
    const mails = await mailsTo(mia);
    expect(mails).toHaveLength(before + 1);
    const mail = mails.at(-1)!;
    expect(mail.subject).toBe(
      `Staked and waiting for review: ${REPO_FULL_NAME}#${String(pr.number)}`,
    );
    expect(mail.text).toContain(
      `newbie-nia staked 5 coins on pull request ${REPO_FULL_NAME}#${String(pr.number)}, for issue #${String(issue.number)} ("Fix the <script> parser")`,
    );
    expect(mail.html).toContain('Fix the &lt;script&gt; parser');
    expect(mail.text).toContain(`${PUBLIC_URL}/maintainer/repo/${REPO_FULL_NAME}/issues`);

    await setSwitches(mia, { 'stake-awaiting-review': false });
    try {
      await staked();
      expect(await mailsTo(mia)).toHaveLength(before + 1);
    } finally {
      await setSwitches(mia, { 'stake-awaiting-review': true });
    }
  });

  it('merged: the stake back, the XP and the coins earned', async () => {
    const { pr } = await staked(); // beginner: stake 5, 25 XP, 50 coins
    const before = (await mailsTo(nia)).length;
    await sim.mergePullRequest({ ...REPO, number: pr.number, by: 'mia-maintainer' });
    const mail = await oneNewMail(before);
    expect(mail.subject).toBe(`Merged: ${REPO_FULL_NAME}#${String(pr.number)}`);
    expect(mail.text).toContain(
      'The 5 coins you staked are back in your wallet. You earned 25 XP, 50 coins.',
    );
    expect(mail.text).toContain(`${PUBLIC_URL}/contributor/dashboard?tab=stakes`);
  });

  it('closed after a review: the deduction and what came back', async () => {
    const { pr } = await staked(['advanced']); // stake 20, deduction 10 % -> 2
    const before = (await mailsTo(nia)).length;
    await sim.reviewPullRequest({
      ...REPO,
      number: pr.number,
      reviewer: 'mia-maintainer',
      state: 'CHANGES_REQUESTED',
    });
    await sim.closePullRequest({ ...REPO, number: pr.number, by: 'mia-maintainer' });
    const mail = await oneNewMail(before);
    expect(mail.subject).toBe(`Closed after review: ${REPO_FULL_NAME}#${String(pr.number)}`);
    expect(mail.text).toContain(
      '2 coins went to the repository as the deduction; the other 18 coins are back in your wallet.',
    );
  });

  it('closed without a review, and expired: refunded in full', async () => {
    const closed = await staked(['intermediate']); // 10 coins
    let before = (await mailsTo(nia)).length;
    await sim.closePullRequest({ ...REPO, number: closed.pr.number, by: 'mia-maintainer' });
    const refunded = await oneNewMail(before);
    expect(refunded.subject).toBe(`Refunded: ${REPO_FULL_NAME}#${String(closed.pr.number)}`);
    expect(refunded.text).toContain(
      'The 10 coins you staked are back in your wallet. Nothing was deducted.',
    );

    const expiring = await staked();
    before = (await mailsTo(nia)).length;
    await settleStake(
      { stakeId: expiring.id, outcome: { kind: 'timed_out' }, settledBy: 'expiry' },
      app.ctx,
    );
    const expired = await oneNewMail(before);
    expect(expired.subject).toBe(`Expired: ${REPO_FULL_NAME}#${String(expiring.pr.number)}`);
  });

  it('sends nothing for a stake its contributor took back, or while the switch is off', async () => {
    const withdrawn = await staked();
    const before = (await mailsTo(nia)).length;
    const settled = await settleStake(
      { stakeId: withdrawn.id, outcome: { kind: 'withdrawn' }, settledBy: 'unstake' },
      app.ctx,
    );
    expect(settled?.refunded).toBe(5);
    expect(await mailsTo(nia)).toHaveLength(before);

    await setSwitches(nia, { 'stake-settled': false });
    try {
      const { pr } = await staked();
      await sim.mergePullRequest({ ...REPO, number: pr.number, by: 'mia-maintainer' });
      await app.ctx.background.idle();
      const [row] = await app.ctx.db.select().from(stakes).where(eq(stakes.prNumber, pr.number));
      expect(row?.status).toBe('accepted');
      expect(await mailsTo(nia)).toHaveLength(before);
    } finally {
      await setSwitches(nia, { 'stake-settled': true });
    }
  });

  it('a bounty posted on the repository is announced once to those who staked there before', async () => {
    await staked(); // Nia has staked on the repository before.
    const stranger = await contributor(); // never staked there
    const quiet = await createUser(app, 'contributor', { githubUsername: 'octo-dev' });
    await linkGithub(base, quiet, 'octo-dev');
    const issue = await world.createIssue();
    const pr = await world.openPullRequest('octo-dev', issue.number);
    const quietStake = await call(quiet, 'POST', '/api/contributor/stakes', {
      issueId: issue.githubId,
      prUrl: pr.url,
      amount: issue.stakingRequired,
    });
    expect(quietStake.statusCode, quietStake.body).toBe(201);
    await setSwitches(quiet, { 'bounty-posted': false });
    const before = (await mailsTo(nia)).length;

    const bounty = await postBounty('Speed up settlement');
    expect(await announceBounties(app.ctx)).toBe(1);
    const mail = await oneNewMail(before);
    expect(mail.subject).toBe(
      `New bounty of 100 coins: ${REPO_FULL_NAME}#${String(bounty.number)}`,
    );
    expect(mail.text).toContain(`${PUBLIC_URL}/contributor/issue/${String(bounty.issueId)}`);
    expect(await mailsTo(stranger)).toHaveLength(0);
    expect(await mailsTo(quiet)).toHaveLength(0);
    // Announced once: the next run finds nothing to tell.
    expect(await announceBounties(app.ctx)).toBe(0);
    expect(await mailsTo(nia)).toHaveLength(before + 1);
  });

  it("the weekly report: a maintainer's last whole week, once, only with the switch on", async () => {
    const waitingNow = async () =>
      (
        await app.ctx.db
          .select({ id: stakes.id })
          .from(stakes)
          .where(and(eq(stakes.repositoryFullName, REPO_FULL_NAME), eq(stakes.status, 'pending')))
      ).length;
    // Two weeks on: the week whose report is read is this test's alone. Sessions have ended by
    // then, so Mia and Nia sign in again (in the same accounts).
    aheadMs = 14 * DAY_MS;
    const [maintainer, staker] = [mia, nia];
    try {
      mia = await signedInAgain(mia);
      nia = await signedInAgain(nia);
      // Off by default: nothing.
      expect(await sendWeeklyReports(app.ctx)).toBe(0);
      expect((await setSwitches(mia, { 'weekly-report': true })).statusCode).toBe(200);

      const bounty = await postBounty('Cache the ledger');
      const bountyPr = await world.openPullRequest('newbie-nia', bounty.number);
      const onBounty = await call(nia, 'POST', '/api/contributor/stakes', {
        issueId: bounty.issueId,
        prUrl: bountyPr.url,
        amount: await stakePriceOf(app, nia, bounty.issueId),
      });
      expect(onBounty.statusCode, onBounty.body).toBe(201);
      const merged = await staked();
      const rejected = await staked(['advanced']); // 20 coins, 10 % -> 2 deducted
      const refunded = await staked();
      await sim.mergePullRequest({ ...REPO, number: bountyPr.number, by: 'mia-maintainer' });
      await sim.mergePullRequest({ ...REPO, number: merged.pr.number, by: 'mia-maintainer' });
      await sim.reviewPullRequest({
        ...REPO,
        number: rejected.pr.number,
        reviewer: 'mia-maintainer',
        state: 'CHANGES_REQUESTED',
      });
      await sim.closePullRequest({ ...REPO, number: rejected.pr.number, by: 'mia-maintainer' });
      await sim.closePullRequest({ ...REPO, number: refunded.pr.number, by: 'mia-maintainer' });
      await app.ctx.background.idle();

      aheadMs = 21 * DAY_MS;
      expect(await sendWeeklyReports(app.ctx)).toBe(1);
      const mails = await mailsTo(mia);
      const report = mails.filter((m) => m.subject?.startsWith('Your OpenStake week'));
      const mail = report.at(-1)!;
      const waiting = await waitingNow();
      expect(mail.subject).toBe(
        `Your OpenStake week: 3 pull requests reviewed, ${String(waiting)} stakes waiting`,
      );
      expect(mail.text).toContain(
        'Pull requests reviewed: 3 staked pull requests (2 merged, 1 closed after a review).',
      );
      expect(mail.text).toContain('Deductions: 2 coins from the stakes closed after a review.');
      expect(mail.text).toContain('Refunded or expired: 1 stake.');
      expect(mail.text).toContain('Bounties paid: 1 bounty of yours, 100 coins.');
      expect(mail.text).toContain(`${String(waiting)} staked pull requests wait for review`);
      // Once a week, however often the job runs.
      expect(await sendWeeklyReports(app.ctx)).toBe(0);
      expect(
        (await mailsTo(mia)).filter((m) => m.subject?.startsWith('Your OpenStake week')),
      ).toHaveLength(report.length);
    } finally {
      aheadMs = 0;
      [mia, nia] = [maintainer, staker];
      await setSwitches(mia, { 'weekly-report': false });
    }
  });
});
