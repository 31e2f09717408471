import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { Octokit } from '@octokit/rest';
import {
  XP_LIMIT_PER_MAINTAINER,
  coinsForXp,
  computeMergeReward,
  stakeDeduction,
  type MergeFeedback,
  type SessionUser,
} from '@openstake/core';
import { startGithubSim, type GithubSim } from '@openstake/github-sim';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp, createLogger, type App } from '../src/app';
import {
  accounts,
  bountyIssues,
  githubDeliveries,
  mergedPullRequests,
  stakes,
  trackedIssues,
  transfers,
  users,
  xpEvents,
} from '../src/db/schema';
import { loadConfig } from '../src/env';
import { JOBS, runDueJobs } from '../src/jobs/job-runner';
import { SIGNUP_GRANT_COINS } from '../src/modules/auth/create-user';
import { bountyEscrowOf, getBalance, walletOf } from '../src/modules/ledger/accounts';
import { wholeSecond } from '../src/modules/stakes/pull-request-outcome';
import { IN_APP_MERGE_CLAIM_MS } from '../src/modules/pull-requests/complete-in-app-merge';
import type { Account } from './helpers/factories';
import { startHoldingProxy, type HoldingProxy } from './helpers/holding-proxy';
import { expectBalancedLedger } from './helpers/ledger';
import { linkGithub } from './helpers/link-github';
import { freePort, startServerProcess, type ServerProcess } from './helpers/server-process';
import { startTestSmtpServer, type Mailbox } from './helpers/smtp-server';
import { createPostgresTestDatabase } from './helpers/test-database';

/*
 * Issue 9, "Faults": the real server entrypoint is killed (SIGKILL) in the middle of a burst of
 * stakes, in-app merges and closes, and merges and closes on GitHub, then restarted on the same
 * PostgreSQL database and port. After the jobs have run, every stake must be settled exactly once
 * and as GitHub says, and the ledger must balance.
 *
 * GitHub is the simulator, started here so that it outlives the server, which reaches it through
 * real Octokit by way of a pass-through proxy that can hold an exchange. The kill comes once
 * KILL_AFTER answers have arrived, with the rest of the burst in flight, and only when these are
 * in place, so that every run covers them:
 * - two in-app merges held in decision 004's crash windows: one before GitHub merged, one after
 *   GitHub merged but before OpenStake recorded it;
 * - a stake's database transaction stopped half done (the test holds a row lock on the
 *   contributor's wallet);
 * - a webhook recorded but not settled (GitHub failed the look at the pull request's reviews);
 * - two stakes that GitHub overtook: its check said 'open', then GitHub merged (or closed) the
 *   pull request and its webhook found no stake, then the stake was recorded.
 */

const REPO = { owner: 'openstake-labs', repo: 'stake-engine' };
const FULL_NAME = `${REPO.owner}/${REPO.repo}`;
const MAINTAINER = 'mia-maintainer';
// Members or outsiders of openstake-labs, none with push access to stake-engine.
const CONTRIBUTORS = ['octo-dev', 'newbie-nia', 'prolific-pat', 'rita-reader'] as const;
// Whose wallet the test locks: their requests stop half way through their transaction.
const BLOCKED = 'devon-docs';
const DEDUCTION_PERCENT = 20;
const KILL_AFTER = 12;
const SUGGESTED_ISSUES = 6;

/** What happens to each pull request; one pull request per issue, one stake per pull request. */
const PLANS = {
  // Staked before the burst; the burst settles them.
  'in-app merge': { count: 3, stakedBefore: true, reviewed: false },
  'in-app merge, cut before GitHub merged': { count: 1, stakedBefore: true, reviewed: false },
  'in-app merge, cut after GitHub merged': { count: 1, stakedBefore: true, reviewed: false },
  'in-app close after a review': { count: 2, stakedBefore: true, reviewed: true },
  'in-app close': { count: 2, stakedBefore: true, reviewed: false },
  'GitHub merge': { count: 2, stakedBefore: true, reviewed: false },
  // GitHub fails the webhook's look at the reviews: the delivery is recorded, not yet settled.
  'GitHub close, its webhook unsettled': { count: 1, stakedBefore: true, reviewed: false },
  'GitHub close after a review': { count: 1, stakedBefore: true, reviewed: true },
  'closed by its author': { count: 1, stakedBefore: true, reviewed: false },
  'left open': { count: 2, stakedBefore: true, reviewed: false },
  'GitHub merge after the restart': { count: 1, stakedBefore: true, reviewed: false },
  // Staked during the burst.
  'stake, then GitHub merge': { count: 2, stakedBefore: false, reviewed: false },
  'stake, then GitHub close after a review': { count: 1, stakedBefore: false, reviewed: true },
  'stake, then GitHub close': { count: 1, stakedBefore: false, reviewed: false },
  'stake racing a GitHub merge': { count: 1, stakedBefore: false, reviewed: false },
  'stake overtaken by a GitHub merge': { count: 1, stakedBefore: false, reviewed: false },
  'stake overtaken by a GitHub close': { count: 1, stakedBefore: false, reviewed: false },
  'stake, then in-app merge': { count: 2, stakedBefore: false, reviewed: false },
  'stake, then in-app close': { count: 1, stakedBefore: false, reviewed: false },
  'stake only': { count: 2, stakedBefore: false, reviewed: false },
  'stake cut mid-transaction': { count: 1, stakedBefore: false, reviewed: false },
} as const;
type Plan = keyof typeof PLANS;
const BLOCKED_PLANS: Plan[] = ['stake cut mid-transaction'];

const FEEDBACK: MergeFeedback = {
  ratings: { codeQuality: 4, documentation: 3, testing: 4, performance: 3, security: 3 },
  tags: ['bugFix'],
  complexity: ['refactorsExistingLogic'],
  bonuses: ['meaningfulTests'],
};
const FEEDBACK_REWARD = computeMergeReward(FEEDBACK);

interface Person extends Account {
  login: string;
  github: Octokit;
}

interface Pull {
  plan: Plan;
  number: number;
  url: string;
  author: Person;
  issue: { githubId: number; number: number; stake: number; bounty: number };
}

/** A request to the server and what became of it. */
interface Sent {
  label: string;
  pull: number;
  /**
   * The HTTP status; 'died': in flight when the server was killed; 'refused': not sent, the server
   * was down; 'failed': no answer while the server was up (never expected).
   */
  result?: number | 'died' | 'refused' | 'failed';
  body?: unknown;
}

let sim: GithubSim;
let proxy: HoldingProxy;
let database: { url: string; drop(): Promise<void> };
let env: Record<string, string> & { PORT: string };
let dataDir: string;
let smtp: Mailbox;
let server: ServerProcess;
let restarted: ServerProcess | undefined;
let app: App | undefined;
let appLogs = '';
let mia: Person;
const contributors: Person[] = [];
let blocked: Person;
const pulls: Pull[] = [];
const sent: Sent[] = [];
/** What the run saw, printed by the first test for the report. */
const seen: Record<string, unknown> = {};

const onePull = (plan: Plan) => pulls.find((p) => p.plan === plan)!;
const requestsFor = (pull: Pull) => sent.filter((s) => s.pull === pull.number);
const jobsDb = () => app!.ctx.db;

async function call(
  base: string,
  who: Account | null,
  method: 'GET' | 'POST' | 'PATCH',
  url: string,
  body?: unknown,
): Promise<{ status: number; body: unknown }> {
  const res = await fetch(`${base}${url}`, {
    method,
    headers: {
      ...(who ? { cookie: who.cookie } : {}),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, body: text ? (JSON.parse(text) as unknown) : null };
}

async function ok<T>(pending: Promise<{ status: number; body: unknown }>, status = 200) {
  const res = await pending;
  if (res.status !== status)
    throw new Error(`expected ${status}, got ${res.status}: ${JSON.stringify(res.body)}`);
  return res.body as T;
}

/** Whether the simulator delivered the `pull_request` `closed` webhook of a pull request. */
const delivered = (pull: Pull, status?: number) =>
  sim
    .deliveries()
    .some(
      (d) =>
        d.event === 'pull_request' &&
        d.action === 'closed' &&
        (d.payload as { number: number }).number === pull.number &&
        (status === undefined || d.status === status),
    );

/** Waits for a condition, checking every 20 ms, for at most 30 s. */
async function until(condition: () => boolean | Promise<boolean>): Promise<void> {
  for (const deadline = Date.now() + 30_000; !(await condition());) {
    if (Date.now() > deadline) throw new Error('gave up waiting');
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** Signs up through the real routes and links the simulator account through real OAuth. */
async function signUpAndLink(
  base: string,
  role: 'contributor' | 'maintainer',
  login: string,
): Promise<Person> {
  const credentials = {
    role,
    email: `${login}-${randomBytes(4).toString('hex')}@example.com`,
    password: `pw-${randomBytes(8).toString('hex')}`,
    githubUsername: login,
  };
  await ok(call(base, null, 'POST', '/register', credentials), 201);
  const res = await fetch(`${base}/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(credentials),
  });
  const { user, token } = (await res.json()) as { user: SessionUser; token: string };
  const cookie = res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0]!)
    .find((c) => c.startsWith('openstake_session='))!;
  const person = {
    ...credentials,
    user,
    token,
    cookie,
    login,
    github: new Octokit({ baseUrl: sim.apiUrl, auth: sim.tokenFor(login) }),
  };
  await linkGithub(base, person, login);
  return person;
}

/** What GitHub says became of a pull request. */
async function githubTruth(number: number, stakedAt?: Date) {
  const { data: pr } = await mia.github.rest.pulls.get({ ...REPO, pull_number: number });
  if (pr.merged) {
    if (pr.merged_by?.login === pr.user.login) throw new Error(`#${number} merged by its author`);
    // A merge credits only the stakes placed before it (decision 007).
    if (stakedAt && pr.merged_at && new Date(pr.merged_at) < wholeSecond(stakedAt))
      return 'merged before the stake';
    return 'merged';
  }
  if (pr.state === 'open') return 'open';
  const { data: reviews } = await mia.github.rest.pulls.listReviews({
    ...REPO,
    pull_number: number,
  });
  return reviews.length > 0 ? 'closed after a review' : 'closed without a review';
}

const STATUS_FOR = {
  merged: 'accepted',
  'merged before the stake': 'expired',
  'closed after a review': 'rejected',
  'closed without a review': 'expired',
  open: 'pending',
} as const;

beforeAll(async () => {
  sim = await startGithubSim();
  proxy = await startHoldingProxy(sim.origin);
  database = await createPostgresTestDatabase();
  dataDir = mkdtempSync(path.join(tmpdir(), 'openstake-faults-'));
  // A deployment sends mail (sign-up's confirmation) to its SMTP server.
  smtp = await startTestSmtpServer();
  const port = String(await freePort());
  env = {
    NODE_ENV: 'production',
    PORT: port,
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    DATABASE_URL: database.url,
    DATA_DIR: dataDir,
    WEB_DIST: path.join(dataDir, 'no-web-build'),
    LOG_LEVEL: 'info',
    SESSION_SECRET: 'faults-session-secret-faults-session-secret',
    ENCRYPTION_KEY: 'b'.repeat(64),
    GITHUB_API_URL: `${proxy.origin}/api/v3`,
    GITHUB_WEB_URL: sim.webUrl,
    GITHUB_CLIENT_ID: 'openstake-demo',
    GITHUB_CLIENT_SECRET: 'openstake-demo-secret',
    SMTP_URL: smtp.smtpUrl,
    // The jobs run after the restart, with a clock past the in-app merge's claim window.
    JOBS_ENABLED: 'false',
  };
  const seconds: Record<string, number> = {};
  let since = Date.now();
  const lap = (name: string) => {
    seconds[name] = (Date.now() - since) / 1000;
    since = Date.now();
  };
  server = await startServerProcess(env);
  lap('start');
  await setUpWorld();
  lap('setUp');
  await burstAndKill();
  await sim.idle();
  lap('burst');
  restarted = await startServerProcess(env);
  lap('restart');
  await afterTheRestart();
  lap('jobs');
  seen.seconds = seconds;
}, 150_000);

afterAll(async () => {
  await app?.close();
  await server?.stop('SIGKILL');
  await restarted?.stop('SIGTERM');
  await smtp?.close();
  await proxy?.close();
  await sim?.close();
  await database?.drop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

/**
 * The contributors as settled ones (decision 015): accounts dated a year back, so the issue's stake
 * is their price, and 5,000 XP granted as starting XP (an Open Source Legend's 25 open stakes; no
 * maintainer gave it, so it lowers no price), so the slots let each hold the stakes this test
 * places at once. Written in the database as the server writes them, with `users.xp` the sum of
 * the user's XP events.
 */
async function settleContributors(userIds: string[]): Promise<void> {
  const client = new pg.Client({ connectionString: database.url });
  await client.connect();
  try {
    await client.query(
      `update users set created_at = now() - interval '365 days' where id = any($1::uuid[])`,
      [userIds],
    );
    await client.query(
      `insert into xp_events (user_id, amount, kind, reference, idempotency_key)
       select id, 5000, 'starting_xp', 'faults-test', 'faults-test-xp:' || id
       from users where id = any($1::uuid[])`,
      [userIds],
    );
    await client.query(`update users set xp = xp + 5000 where id = any($1::uuid[])`, [userIds]);
  } finally {
    await client.end();
  }
}

/** Accounts, the connected repository, issues and pull requests, and the stakes made before. */
async function setUpWorld(): Promise<void> {
  const base = server.base;
  const people = await Promise.all(
    [MAINTAINER, ...CONTRIBUTORS, BLOCKED].map((login) =>
      signUpAndLink(base, login === MAINTAINER ? 'maintainer' : 'contributor', login),
    ),
  );
  mia = people[0]!;
  contributors.push(...people.slice(1, -1));
  blocked = people.at(-1)!;
  await settleContributors(people.slice(1).map((p) => p.user.id));
  await ok(
    call(base, mia, 'POST', '/api/maintainer/repositories', {
      ...REPO,
      deductionPercent: DEDUCTION_PERCENT,
    }),
    201,
  );
  // Each contributor holds several stakes in this one repository at once: roomy slots.
  await ok(
    call(base, mia, 'PATCH', `/api/maintainer/repositories/${FULL_NAME}`, {
      maxOpenStakesPerContributor: 20,
      maxNewcomerStakesPerIssue: 50,
    }),
    200,
  );

  // Issues: most with a bounty, from the maintainer's create-issue route; every fifth one without,
  // found by a contributor among the suggested issues ('good first issue' in a language of theirs).
  const plans = (Object.keys(PLANS) as Plan[]).flatMap((plan) =>
    Array.from({ length: PLANS[plan].count }, () => plan),
  );
  const suggestedCount = Math.min(SUGGESTED_ISSUES, Math.ceil(plans.length / 5));
  const bountyIssueList = await Promise.all(
    Array.from({ length: plans.length - suggestedCount }, async (_, i) => {
      const [stake, bounty] = [i % 2 ? 10 : 5, i % 3 ? 10 : 20];
      const created = await ok<{ data: { issueId: number; number: number } }>(
        call(base, mia, 'POST', '/api/maintainer/bounty-issues', {
          ...REPO,
          title: `Faults bounty issue ${i}`,
          body: 'Settle exactly once.',
          labels: [],
          assignees: [],
          milestone: null,
          stakeAmount: stake,
          bountyAmount: bounty,
        }),
        201,
      );
      return { githubId: created.data.issueId, number: created.data.number, stake, bounty };
    }),
  );
  const suggestedNumbers: number[] = [];
  for (let i = 0; i < suggestedCount; i++) {
    const { data } = await mia.github.rest.issues.create({
      ...REPO,
      title: `Faults good first issue ${i}`,
      labels: ['good first issue'],
    });
    suggestedNumbers.push(data.number);
  }
  const octo = contributors[0]!;
  await ok(call(base, octo, 'POST', '/api/contributor/analyze-repositories', {}));
  const suggested = await ok<{
    data: { issues: { id: number; number: number; htmlUrl: string; stakingRequired: number }[] };
  }>(call(base, octo, 'POST', '/api/contributor/suggested-issues', {}));
  const suggestedIssues = suggestedNumbers.map((number) => {
    const found = suggested.data.issues.find(
      (s) => s.number === number && s.htmlUrl.includes(FULL_NAME),
    );
    if (!found) throw new Error(`issue #${number} was not suggested`);
    return { githubId: found.id, number, stake: found.stakingRequired, bounty: 0 };
  });

  // One pull request per issue, each saying which issue it fixes; the contributors take turns.
  let turn = 0;
  for (const [i, plan] of plans.entries()) {
    const issue = (i % 5 === 0 && suggestedIssues.shift()) || bountyIssueList.shift()!;
    const author = BLOCKED_PLANS.includes(plan)
      ? blocked
      : contributors[turn++ % contributors.length]!;
    const pr = await sim.openPullRequest({
      ...REPO,
      author: author.login,
      title: `Fix #${issue.number}`,
      body: `Fixes #${issue.number}`,
    });
    pulls.push({ plan, number: pr.number, url: pr.html_url, author, issue });
  }
  await Promise.all(
    pulls
      .filter((p) => PLANS[p.plan].reviewed)
      .map((p) =>
        mia.github.rest.pulls.createReview({
          ...REPO,
          pull_number: p.number,
          event: 'REQUEST_CHANGES',
          body: 'Not like this.',
        }),
      ),
  );
  await Promise.all(
    pulls.filter((p) => PLANS[p.plan].stakedBefore).map((p) => ok(stake(base, p), 201)),
  );
}

const stake = (base: string, pull: Pull) =>
  call(base, pull.author, 'POST', '/api/contributor/stakes', {
    issueId: pull.issue.githubId,
    prUrl: pull.url,
    amount: pull.issue.stake,
  });

/**
 * The burst: every request at once. SIGKILL once KILL_AFTER answers are in and every planned
 * fault is in place; then wait for whatever was still going on (GitHub's side goes on).
 */
async function burstAndKill(): Promise<void> {
  const base = server.base;
  const startedAt = Date.now();
  let faultsReadyAt = 0;
  let killed = false;
  let faultsInPlace = false;
  let answered = 0;
  const inFlight = new Set<Sent>();
  const maybeKill = () => {
    if (killed || !faultsInPlace || answered < KILL_AFTER) return;
    killed = true;
    process.kill(server.pid, 'SIGKILL');
    seen.killedAfterMs = Date.now() - faultsReadyAt;
    seen.answeredAtKill = answered;
    seen.inFlightAtKill = [...inFlight].map((s) => `${s.label} #${s.pull}`);
  };
  const toServer = async (label: string, pull: Pull, send: () => ReturnType<typeof call>) => {
    const request: Sent = { label, pull: pull.number };
    sent.push(request);
    if (killed) {
      request.result = 'refused';
      return request;
    }
    inFlight.add(request);
    try {
      const res = await send();
      request.result = res.status;
      request.body = res.body;
      answered++;
    } catch {
      request.result = killed ? 'died' : 'failed';
    } finally {
      inFlight.delete(request);
      maybeKill();
    }
    return request;
  };
  const pullPath = (pull: Pull, action: 'merge' | 'close') =>
    `/api/maintainer/repos/${FULL_NAME}/pulls/${pull.number}/${action}`;
  const inAppMerge = (pull: Pull) =>
    toServer('in-app merge', pull, () =>
      call(base, mia, 'POST', pullPath(pull, 'merge'), FEEDBACK),
    );
  const inAppClose = (pull: Pull) =>
    toServer('in-app close', pull, () => call(base, mia, 'POST', pullPath(pull, 'close'), {}));
  const staking = (pull: Pull) => toServer('stake', pull, () => stake(base, pull));
  // On GitHub's side (the simulator's REST API, as the maintainer or the author): never killed.
  const githubMerge = (pull: Pull) =>
    mia.github.rest.pulls.merge({ ...REPO, pull_number: pull.number }).catch(() => undefined);
  const githubClose = (pull: Pull, by: Person = mia) =>
    by.github.rest.pulls
      .update({ ...REPO, pull_number: pull.number, state: 'closed' })
      .catch(() => undefined);

  // Two in-app merges held in the claim's crash windows (decision 004).
  const mergePath = (pull: Pull) =>
    new RegExp(`/repos/${FULL_NAME}/pulls/${String(pull.number)}/merge$`);
  const cutBefore = proxy.hold({
    method: 'PUT',
    path: mergePath(onePull('in-app merge, cut before GitHub merged')),
    phase: 'request',
  });
  const cutAfter = proxy.hold({
    method: 'PUT',
    path: mergePath(onePull('in-app merge, cut after GitHub merged')),
    phase: 'response',
  });

  // The faults that take a while to set up come first; the rest of the burst comes after.
  // A transaction stopped half done: the test holds a row lock on a wallet it must update (not a
  // webhook's: the simulator delivers them one after another, so one held would hold up the rest).
  const locker = new pg.Client({ connectionString: database.url });
  const monitor = new pg.Client({ connectionString: database.url });
  await Promise.all([locker.connect(), monitor.connect()]);
  await locker.query('begin');
  await locker.query(`select 1 from accounts where kind = 'wallet' and owner = $1 for update`, [
    blocked.user.id,
  ]);
  const { rows } = await locker.query<{ pid: number }>('select pg_backend_pid() as pid');
  const blockedTransactions = (count: number) =>
    until(async () => {
      const waiting = await monitor.query<{ n: number }>(
        'select count(*)::int as n from pg_stat_activity where $1 = any(pg_blocking_pids(pid))',
        [rows[0]!.pid],
      );
      return waiting.rows[0]!.n >= count;
    });
  const cutStake = staking(onePull('stake cut mid-transaction'));
  await blockedTransactions(BLOCKED_PLANS.length);

  // Two stakes overtaken by GitHub: the check of the pull request gets GitHub's 'open'; GitHub
  // then merges or closes it and its webhook is handled (no stake yet). They go on in the burst.
  const overtaken = async (pull: Pull, act: () => Promise<unknown>) => {
    const check = proxy.hold({
      method: 'GET',
      path: new RegExp(`/repos/${FULL_NAME}/pulls/${String(pull.number)}$`),
      phase: 'response',
    });
    const staked = staking(pull);
    await check.reached;
    await act();
    await until(() => delivered(pull));
    return { release: check.release, staked };
  };
  const overtakenStakes = await Promise.all([
    overtaken(onePull('stake overtaken by a GitHub merge'), () =>
      githubMerge(onePull('stake overtaken by a GitHub merge')),
    ),
    overtaken(onePull('stake overtaken by a GitHub close'), () =>
      githubClose(onePull('stake overtaken by a GitHub close')),
    ),
  ]);

  // A webhook recorded but not settled: GitHub fails the look at the pull request's reviews.
  const unsettled = onePull('GitHub close, its webhook unsettled');
  sim.failNext({
    method: 'GET',
    pathPattern: new RegExp(`/pulls/${String(unsettled.number)}/reviews$`),
    status: 502,
    times: 3, // the first try and Octokit's two retries of a read
  });
  await githubClose(unsettled);
  await until(() => delivered(unsettled, 202));

  faultsReadyAt = Date.now();
  seen.slowFaultsMs = faultsReadyAt - startedAt;

  // The burst.
  for (const { release } of overtakenStakes) release();
  const faults = Promise.all([
    cutBefore.reached,
    cutAfter.reached,
    ...overtakenStakes.map((o) => o.staked),
  ]).then(() => {
    faultsInPlace = true;
    maybeKill();
  });
  const steps: Record<Plan, ((pull: Pull) => Promise<unknown>) | null> = {
    'in-app merge': inAppMerge,
    'in-app merge, cut before GitHub merged': inAppMerge,
    'in-app merge, cut after GitHub merged': inAppMerge,
    'in-app close after a review': inAppClose,
    'in-app close': inAppClose,
    'GitHub merge': githubMerge,
    'GitHub close, its webhook unsettled': null,
    'GitHub close after a review': (pull) => githubClose(pull),
    'closed by its author': (pull) => githubClose(pull, pull.author),
    'left open': null,
    'GitHub merge after the restart': null,
    'stake, then GitHub merge': (pull) => staking(pull).then(() => githubMerge(pull)),
    'stake, then GitHub close after a review': (pull) =>
      staking(pull).then(() => githubClose(pull)),
    'stake, then GitHub close': (pull) => staking(pull).then(() => githubClose(pull)),
    'stake racing a GitHub merge': (pull) => Promise.all([staking(pull), githubMerge(pull)]),
    'stake overtaken by a GitHub merge': null,
    'stake overtaken by a GitHub close': null,
    'stake, then in-app merge': (pull) => staking(pull).then(() => inAppMerge(pull)),
    'stake, then in-app close': (pull) => staking(pull).then(() => inAppClose(pull)),
    'stake only': staking,
    'stake cut mid-transaction': null,
  };
  const work: Promise<unknown>[] = [faults, cutStake];
  for (const pull of pulls) {
    const step = steps[pull.plan];
    if (step) work.push(step(pull));
  }
  await Promise.all(work);
  seen.burstEndedAfterMs = Date.now() - faultsReadyAt;
  await server.stop('SIGKILL');
  await locker.query('rollback');
  await Promise.all([locker.end(), monitor.end()]);
  seen.sent = sent.length;
  seen.died = sent.filter((s) => s.result === 'died').map((s) => `${s.label} #${s.pull}`);
  seen.refused = sent.filter((s) => s.result === 'refused').map((s) => `${s.label} #${s.pull}`);
}

/** What the restart found, a webhook to the restarted server, then the jobs. */
async function afterTheRestart(): Promise<void> {
  const check = new pg.Client({ connectionString: database.url });
  await check.connect();
  const count = async (query: string) =>
    (await check.query<{ n: number }>(`select count(*)::int as n from ${query}`)).rows[0]!.n;
  seen.atRestart = {
    pendingStakes: await count(`stakes where status = 'pending'`),
    unhandledDeliveries: await count(`github_deliveries where processed_at is null`),
    unfinishedInAppMerges: await count(`merged_pull_requests where merged_at is null`),
  };
  await check.end();
  seen.webhooksLost = sim.deliveries().filter((d) => d.status === 0 || d.status >= 500).length;

  // The restarted server takes GitHub's webhooks at once (same port, same secrets).
  const late = onePull('GitHub merge after the restart');
  const before = sim.deliveries().length;
  await mia.github.rest.pulls.merge({ ...REPO, pull_number: late.number });
  await sim.idle();
  seen.lateWebhooks = sim
    .deliveries()
    .slice(before)
    .map((d) => `${d.event}.${d.action ?? ''} ${d.status}`);

  // The jobs, run as the job runner runs them, on a clock past the in-app merge's claim window.
  const config = loadConfig({ ...env, GITHUB_API_URL: sim.apiUrl });
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      appLogs += chunk.toString();
      done();
    },
  });
  app = await createApp({
    config,
    logger: createLogger(config, sink),
    clock: { now: () => new Date(Date.now() + IN_APP_MERGE_CLAIM_MS + 60_000) },
  });
  seen.jobsRan = await runDueJobs(app.ctx);

  // For the report: issues GitHub closed that OpenStake still shows as open after the jobs.
  const tracked = await jobsDb().select().from(trackedIssues);
  const stale: number[] = [];
  for (const { issue } of pulls) {
    const { data } = await mia.github.rest.issues.get({ ...REPO, issue_number: issue.number });
    const row = tracked.find((t) => t.githubId === issue.githubId);
    if (row && row.state !== data.state) stale.push(issue.number);
  }
  seen.issuesShownOpenThoughClosed = stale;

  const all = await jobsDb().select().from(stakes);
  seen.outcomes = Object.fromEntries(
    pulls.map((p) => {
      const row = all.find((s) => s.prNumber === p.number);
      const status = row ? `${row.status}${row.settledBy ? ` by ${row.settledBy}` : ''}` : 'none';
      const requests = requestsFor(p).map((r) => `${r.label}: ${String(r.result)}`);
      return [`#${p.number} ${p.plan}`, [status, ...requests].join('; ')];
    }),
  );
}

describe('the server killed in the middle of a burst on PostgreSQL, then restarted', () => {
  it('was killed mid-burst, with every planned fault in place', () => {
    console.log('faults run:', JSON.stringify(seen, null, 2));
    expect(seen.answeredAtKill).toBeGreaterThanOrEqual(KILL_AFTER);
    const inFlight = seen.inFlightAtKill as string[];
    for (const plan of [
      'in-app merge, cut before GitHub merged',
      'in-app merge, cut after GitHub merged',
    ] as const)
      expect(inFlight).toContain(`in-app merge #${onePull(plan).number}`);
    expect(inFlight).toContain(`stake #${onePull('stake cut mid-transaction').number}`);
    // Only requests in flight died with the server, and every other one was answered. One in
    // flight may still have been answered: SIGKILL takes effect a moment after it is sent, and
    // an answer the server had already written arrives.
    const died = sent.filter((s) => s.result === 'died').map((s) => `${s.label} #${s.pull}`);
    expect(died.length).toBeGreaterThan(0);
    expect(died.filter((d) => !inFlight.includes(d))).toEqual([]);
    expect(sent.filter((s) => s.result === 'failed')).toEqual([]);
    // A stake overtaken by a close is recorded (the issue is still open). One overtaken by a
    // merge is refused when GitHub already shows the issue the merge closed (staking asks
    // GitHub for the issue too), else recorded: the merge then credits it nothing either way.
    expect(requestsFor(onePull('stake overtaken by a GitHub close')).map((r) => r.result)).toEqual([
      201,
    ]);
    const [overtakenByMerge] = requestsFor(onePull('stake overtaken by a GitHub merge'));
    if (overtakenByMerge?.result === 409) {
      expect(overtakenByMerge.body).toMatchObject({ message: 'This issue is closed' });
    } else expect(overtakenByMerge?.result).toBe(201);
    // The webhook whose settlement GitHub kept from happening was recorded, and left for the job.
    const atRestart = seen.atRestart as { unhandledDeliveries: number };
    expect(atRestart.unhandledDeliveries).toBeGreaterThan(0);
  });

  it('settles every stake exactly once, as GitHub says', async () => {
    const db = jobsDb();
    const rows = await db.select().from(stakes);
    const byPull = new Map(rows.map((s) => [s.prNumber, s]));
    expect(rows).toHaveLength(byPull.size); // at most one stake per pull request
    const issues = await db.select().from(trackedIssues);
    const xpRewardOf = (githubId: number) => issues.find((i) => i.githubId === githubId)!.xpReward;
    const countedFor = new Map<string, number>();

    for (const pull of pulls) {
      const stake = byPull.get(pull.number);
      const truth = await githubTruth(pull.number, stake?.createdAt);
      const where = `#${pull.number} (${pull.plan}, GitHub: ${truth})`;
      const staking = requestsFor(pull).find((s) => s.label === 'stake');
      if (PLANS[pull.plan].stakedBefore || staking?.result === 201)
        expect(stake, `${where}: a stake answered 201 is kept`).toBeDefined();
      if (staking?.result === 201)
        expect((staking.body as { data: { _id: string } }).data._id).toBe(stake!.id);
      if (!stake) continue;

      const expected = STATUS_FOR[truth];
      expect(stake.status, where).toBe(expected);
      const moves = await db
        .select({ kind: transfers.kind, amount: transfers.amount, key: transfers.idempotencyKey })
        .from(transfers)
        .where(eq(transfers.reference, stake.id));
      const ofKind = (kind: string) => moves.filter((m) => m.kind === kind);
      const move = (kind: string, amount: number, key: string) =>
        amount > 0 ? [{ kind, amount, key: `${key}:${stake.id}` }] : [];
      const xp = await db.select().from(xpEvents).where(eq(xpEvents.reference, stake.id));
      expect(ofKind('stake'), where).toEqual(move('stake', stake.amount, 'stake'));

      if (expected === 'accepted') {
        // Paid what the in-app merge stored before it asked GitHub, whichever signal settled the
        // stake (a merge cut after GitHub merged is settled later from it), else the issue's
        // default reward; of that offer, what counted under the monthly limits (decision 012),
        // with twice as many coins.
        const merge = requestsFor(pull).find((s) => s.label === 'in-app merge');
        if (merge?.result === 200) expect(stake.settledBy, where).toBe('merge');
        const [claim] = await db
          .select()
          .from(mergedPullRequests)
          .where(
            and(
              eq(mergedPullRequests.repositoryFullName, FULL_NAME),
              eq(mergedPullRequests.prNumber, pull.number),
            ),
          );
        const offered = claim ? FEEDBACK_REWARD.xp : xpRewardOf(stake.issueGithubId);
        expect(xp, where).toHaveLength(1);
        expect(xp[0]!.amount + xp[0]!.uncounted, where).toBe(offered);
        countedFor.set(stake.userId, (countedFor.get(stake.userId) ?? 0) + xp[0]!.amount);
        const reward = { xp: xp[0]!.amount, coins: coinsForXp(xp[0]!.amount) };
        const bounty = pull.issue.bounty;
        expect(moves, where).toHaveLength(bounty ? 4 : 3);
        expect(ofKind('stake_refund'), where).toEqual(
          move('stake_refund', stake.amount, 'stake-refund'),
        );
        expect(ofKind('merge_reward'), where).toEqual(
          move('merge_reward', reward.coins, 'stake-reward'),
        );
        expect(ofKind('bounty_payout'), where).toEqual(
          bounty
            ? [
                {
                  kind: 'bounty_payout',
                  amount: bounty,
                  key: `bounty-payout:${pull.issue.githubId}`,
                },
              ]
            : [],
        );
        expect(
          xp.map((x) => x.amount),
          where,
        ).toEqual([reward.xp]);
        expect(stake, where).toMatchObject({
          coinsEarned: reward.coins + bounty,
          xpEarned: reward.xp,
          bountyEarned: bounty,
          coinsLost: 0,
        });
      } else if (expected === 'rejected') {
        const deduction = stakeDeduction(stake.amount, DEDUCTION_PERCENT);
        expect(ofKind('stake_deduction'), where).toEqual(
          move('stake_deduction', deduction, 'stake-deduction'),
        );
        expect(ofKind('stake_refund'), where).toEqual(
          move('stake_refund', stake.amount - deduction, 'stake-refund'),
        );
        expect(moves, where).toHaveLength(1 + (deduction > 0 ? 1 : 0) + 1);
        expect(stake, where).toMatchObject({ coinsLost: deduction, coinsEarned: 0 });
      } else if (expected === 'expired') {
        expect(ofKind('stake_refund'), where).toEqual(
          move('stake_refund', stake.amount, 'stake-refund'),
        );
        expect(moves, where).toHaveLength(2);
        expect(stake, where).toMatchObject({ coinsLost: 0, coinsEarned: 0 });
      } else {
        expect(moves, where).toHaveLength(1);
        expect(stake.settledAt, where).toBeNull();
      }
      if (expected !== 'accepted') expect(xp, where).toEqual([]);
    }
    // One maintainer merged everything: no contributor got more than their limit from her.
    for (const counted of countedFor.values()) {
      expect(counted).toBeLessThanOrEqual(XP_LIMIT_PER_MAINTAINER);
    }
  });

  it('settles from the recorded delivery a stake whose webhook GitHub kept from settling', async () => {
    const [stake] = await jobsDb()
      .select()
      .from(stakes)
      .where(eq(stakes.prNumber, onePull('GitHub close, its webhook unsettled').number));
    expect(stake).toMatchObject({ status: 'expired', settledBy: 'webhook' });
  });

  it('merges again a pull request whose in-app merge died before GitHub merged, once its claim is stale', async () => {
    const pull = onePull('in-app merge, cut before GitHub merged');
    expect(await githubTruth(pull.number)).toBe('open');
    const url = `/api/maintainer/repos/${FULL_NAME}/pulls/${pull.number}/merge`;
    // Within the claim window the restarted server cannot tell a dead merge from a slow one.
    expect((await call(restarted!.base, mia, 'POST', url, FEEDBACK)).status).toBe(409);
    // Past it (the jobs' clock), the maintainer merges with feedback and the stake is paid so.
    const late = await app!.server.inject({
      method: 'POST',
      url,
      headers: { cookie: mia.cookie },
      payload: FEEDBACK,
    });
    expect(late.statusCode, late.body).toBe(200);
    expect(late.json()).toMatchObject({
      data: { stakeSettled: true, coins: FEEDBACK_REWARD.coins, xp: FEEDBACK_REWARD.xp },
    });
    expect(await githubTruth(pull.number)).toBe('merged');
    const [stake] = await jobsDb().select().from(stakes).where(eq(stakes.prNumber, pull.number));
    expect(stake).toMatchObject({
      status: 'accepted',
      settledBy: 'merge',
      coinsEarned: FEEDBACK_REWARD.coins + pull.issue.bounty,
    });
  });

  it('pays no direct merge reward on a pull request that has a stake (that stake is paid)', async () => {
    const db = jobsDb();
    const claims = await db.select().from(mergedPullRequests);
    const direct = await db
      .select()
      .from(transfers)
      .where(inArray(transfers.reference, [...claims.map((c) => c.id), '-']));
    const staked = new Set((await db.select().from(stakes)).map((s) => s.prNumber));
    for (const move of direct) {
      const claim = claims.find((c) => c.id === move.reference)!;
      expect(staked.has(claim.prNumber), `direct reward on staked #${claim.prNumber}`).toBe(false);
    }
  });

  it('leaves each stake whose request died with the server whole or absent', async () => {
    const db = jobsDb();
    // Whole: every stake has its escrow transfer (above); absent: no escrow without its stake.
    const escrows = await db
      .select({ owner: accounts.owner })
      .from(accounts)
      .where(eq(accounts.kind, 'stake_escrow'));
    const ids = new Set((await db.select({ id: stakes.id }).from(stakes)).map((s) => s.id));
    expect(escrows.filter((e) => !ids.has(e.owner))).toEqual([]);
    // The stake cut mid-transaction left nothing: no stake, no coins moved.
    const cut = onePull('stake cut mid-transaction');
    expect(await db.select().from(stakes).where(eq(stakes.prNumber, cut.number))).toEqual([]);
    expect(requestsFor(cut).map((r) => r.result)).toEqual(['died']);
    expect(await db.select().from(stakes).where(eq(stakes.userId, blocked.user.id))).toEqual([]);
    // Their coins: the sign-up grant and the monthly one their dated account is due, nothing else.
    const [grants] = await db
      .select({ total: sql<number>`coalesce(sum(${transfers.amount}), 0)::int` })
      .from(transfers)
      .where(and(eq(transfers.kind, 'monthly_grant'), eq(transfers.reference, blocked.user.id)));
    expect(await getBalance(db, walletOf(blocked.user.id))).toBe(
      SIGNUP_GRANT_COINS + grants!.total,
    );
  });

  it('pays each bounty once, to the merged stake on its issue, or refunds it once nobody can win it', async () => {
    const db = jobsDb();
    const all = await db.select().from(stakes);
    const issues = await db.select().from(trackedIssues);
    let refunded = 0;
    for (const bounty of await db.select().from(bountyIssues)) {
      const onIssue = all.filter((s) => s.issueGithubId === bounty.issueGithubId);
      const won = onIssue.find((s) => s.status === 'accepted' && s.bountyEarned > 0);
      const issue = issues.find((i) => i.githubId === bounty.issueGithubId)!;
      const { data: onGithub } = await mia.github.rest.issues.get({
        ...REPO,
        issue_number: issue.number,
      });
      const where = `bounty issue #${String(issue.number)}`;
      expect(bounty.paidStakeId, where).toBe(won?.id ?? null);
      // Every bounty ends paid or refunded: closed on GitHub, unwon, with no stake pending.
      const unwinnable =
        !won && onGithub.state === 'closed' && !onIssue.some((s) => s.status === 'pending');
      expect(bounty.refundedAt !== null, where).toBe(unwinnable);
      if (unwinnable) refunded++;
      expect(await getBalance(db, bountyEscrowOf(bounty.issueGithubId)), where).toBe(
        won || unwinnable ? 0 : bounty.bountyAmount,
      );
    }
    seen.bountiesRefunded = refunded;
  });

  it("keeps every contributor's wallet and XP equal to their stakes, as the restarted server shows", async () => {
    const db = jobsDb();
    for (const person of [...contributors, blocked]) {
      const own = await db.select().from(stakes).where(eq(stakes.userId, person.user.id));
      const [grants] = await db
        .select({ total: sql<number>`coalesce(sum(${transfers.amount}), 0)::int` })
        .from(transfers)
        .where(and(eq(transfers.kind, 'monthly_grant'), eq(transfers.reference, person.user.id)));
      const expected = own.reduce(
        (sum, s) => sum - (s.status === 'pending' ? s.amount : 0) - s.coinsLost + s.coinsEarned,
        SIGNUP_GRANT_COINS + grants!.total,
      );
      expect(await getBalance(db, walletOf(person.user.id)), person.login).toBe(expected);
      const [user] = await db.select().from(users).where(eq(users.id, person.user.id));
      const events = await db.select().from(xpEvents).where(eq(xpEvents.userId, person.user.id));
      expect(user!.xp, person.login).toBe(events.reduce((sum, e) => sum + e.amount, 0));

      // The restarted server still knows the session and shows the same stakes.
      const listed = await ok<{ data: { _id: string; status: string }[] }>(
        call(restarted!.base, person, 'GET', '/api/contributor/stakes'),
      );
      expect(listed.data.map((s) => [s._id, s.status]).sort()).toEqual(
        own.map((s) => [s.id, s.status]).sort(),
      );
    }
  });

  it('handled every webhook after the jobs; the restarted server took the late one at once', async () => {
    expect(seen.jobsRan).toEqual(JOBS.map((j) => j.name));
    expect(seen.lateWebhooks).toEqual(
      expect.arrayContaining(['pull_request.closed 202', 'issues.closed 202']),
    );
    const [late] = await jobsDb()
      .select()
      .from(stakes)
      .where(eq(stakes.prNumber, onePull('GitHub merge after the restart').number));
    expect(late).toMatchObject({ status: 'accepted', settledBy: 'webhook' });
    expect(
      await jobsDb().select().from(githubDeliveries).where(isNull(githubDeliveries.processedAt)),
    ).toEqual([]);
  });

  it('balances the ledger, and neither server nor the jobs logged an error or a warning', async () => {
    await expectBalancedLedger(jobsDb());
    expect(server.errorLogs()).toEqual([]);
    expect(restarted!.errorLogs()).toEqual([]);
    const problems = appLogs
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as { level: number; msg: string })
      .filter((line) => line.level >= 40);
    expect(problems).toEqual([]);
  });
});
