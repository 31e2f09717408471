// A slop wave (issue 30, decision 015) on PostgreSQL: 50 new accounts each stake with a pull
// request on one bounty issue of a repository with default settings, all at once, while one
// established contributor does the same. The real app runs in this process on a fresh database
// (BENCH_DATABASE_URL, or the local server other benches use; skipped when it does not answer),
// beside the GitHub simulator (the fixture world plus wave-01..wave-50, GitHub accounts created
// 10 days ago), and is driven through its HTTP routes as the browser would (server.inject; GitHub
// links through the simulator's OAuth).
//
// The wave: fresh OpenStake accounts, linked to wave-NN, no XP. The established contributor:
// octo-dev, whose account is dated a year back (users.created_at set directly, as the server
// tests' factory does) and who has XP from merges by three different maintainers, recorded by
// the product's own grantXp (so users.xp and users.xp_maintainers follow from xp_events).
// Each stakes the price its issue page answers. Printed: how many of the wave reach the
// maintainer's queue (staked pull requests in GET /api/maintainer/repos/:owner/:repo/pulls), the
// coins the wave staked, the coins it loses when the maintainer rejects every one (a
// CHANGES_REQUESTED review, then the pull request closed: the sum of coins_lost), the established
// contributor's outcome, and the time all stakes took. Goal: at most 3 of the wave in the queue,
// the established contributor never refused.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { Writable } from 'node:stream';
import type { WorldUser } from '@openstake/github-sim';
import { Browserish, approveOnSim } from '@openstake/github-sim/testing';
import { eq, sql } from 'drizzle-orm';
import { createApp, createLogger, type App } from '../apps/server/src/app';
import { rowsOf } from '../apps/server/src/db/database';
import { stakes, users } from '../apps/server/src/db/schema';
import { inTransaction } from '../apps/server/src/db/transaction';
import { loadConfig } from '../apps/server/src/env';
import {
  startDemoGithub,
  type DemoGithub,
} from '../apps/server/src/integrations/github/demo-github';
import { grantXp } from '../apps/server/src/modules/xp/grant-xp';
import { freshDatabase, type BenchDatabase } from './lib/app';
import type { BenchRow } from './lib/report';
import { round } from './lib/stats';

const WAVE = 50;
const REPO = { owner: 'openstake-labs', repo: 'stake-engine' };
const FULL_NAME = `${REPO.owner}/${REPO.repo}`;
const ESTABLISHED = 'octo-dev';
const GOAL = 'at most 3 of the wave in the queue; the established contributor never refused';
const DAY_MS = 86_400_000;

const waveLogin = (i: number) => `wave-${String(i + 1).padStart(2, '0')}`;

/** The wave's GitHub accounts: created 10 days ago, no history. */
function waveUsers(): WorldUser[] {
  const created = new Date(Date.now() - 10 * DAY_MS).toISOString().replace(/\.\d{3}Z$/, 'Z');
  return Array.from({ length: WAVE }, (_, i) => ({
    id: 7_700_000 + i,
    login: waveLogin(i),
    name: null,
    company: null,
    blog: '',
    location: null,
    bio: null,
    email: `${waveLogin(i)}@users.noreply.github.com`,
    emailPublic: false,
    twitterUsername: null,
    hireable: false,
    followers: 0,
    following: 0,
    createdAt: created,
    updatedAt: created,
  }));
}

interface Account {
  id: string;
  login: string;
  cookie: string;
}

let networks = 0;

/** An OpenStake account signed up and in through the routes, linked to `login` on GitHub. */
async function signUp(app: App, base: string, role: string, login: string): Promise<Account> {
  const body = {
    role,
    email: `${login}@example.com`,
    password: `pw-${login}-bench`,
    githubUsername: login,
  };
  // Each from its own network, as a wave would come: sign-ups are rate limited per address.
  const remoteAddress = `10.30.${String(Math.floor(networks / 250))}.${String(1 + (networks % 250))}`;
  networks++;
  const registered = await app.server.inject({
    method: 'POST',
    url: '/register',
    payload: body,
    remoteAddress,
  });
  if (registered.statusCode !== 201) throw new Error(`register ${login}: ${registered.body}`);
  const signedIn = await app.server.inject({
    method: 'POST',
    url: '/login',
    payload: body,
    remoteAddress,
  });
  if (signedIn.statusCode !== 200) throw new Error(`login ${login}: ${signedIn.body}`);
  const session = signedIn.cookies.find((c) => c.name === 'openstake_session')!;
  const account = {
    id: signedIn.json<{ user: { id: string } }>().user.id,
    login,
    cookie: `${session.name}=${session.value}`,
  };
  // The OAuth round trip through the simulator, as apps/server/test/helpers/link-github.ts does
  // (not imported: its types reach the vitest-only helpers).
  const jar = new Browserish(account.cookie);
  const start = await jar.fetch(`${base}/api/github/connect`);
  const back = await jar.fetch(
    await approveOnSim(start.headers.get('location')!, login, 'approve'),
  );
  const landed = new URL(back.headers.get('location') ?? '', base);
  if (landed.searchParams.get('github') !== 'connected') throw new Error(`linking ${login} failed`);
  return account;
}

/** Settles the webhook deliveries and the server's work after them (a few rounds: replies start more). */
async function settle(app: App, github: DemoGithub): Promise<void> {
  for (let i = 0; i < 3; i++) {
    await github.sim.idle();
    await app.ctx.background.idle();
  }
}

type Outcome = {
  login: string;
  pr: number;
  price: number;
  staked: boolean;
  message: string | null;
};

async function wave(database: BenchDatabase): Promise<BenchRow[]> {
  const opened = await database.open();
  const config = loadConfig({
    NODE_ENV: 'test',
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    DATA_DIR: mkdtempSync(path.join(tmpdir(), 'openstake-bench-')),
    WEB_DIST: path.join(tmpdir(), 'openstake-no-web-build'),
    SESSION_SECRET: 'bench-session-secret-0123456789abcdef0123456789',
    ENCRYPTION_KEY: '0'.repeat(64),
    JOBS_ENABLED: 'false',
  });
  // The fixture world (loadFixtureWorld) plus the wave, started by startGithubSim, with the
  // demo's GitHub App registered: the simulator as the tests and demo mode run it.
  const github = await startDemoGithub(config, { users: waveUsers() });
  const quiet = new Writable({ write: (_chunk, _enc, done) => done() });
  const app = await createApp({
    config,
    database: opened,
    github,
    logger: createLogger(config, quiet),
  });
  try {
    await app.server.listen({ host: '127.0.0.1', port: 0 });
    const address = app.server.server.address();
    if (!address || typeof address === 'string') throw new Error('no address');
    const base = `http://127.0.0.1:${String(address.port)}`;
    github.setAppWebhookUrl(`${base}/api/github/webhooks`);
    const as = (who: Account, method: 'GET' | 'POST', url: string, payload?: object) =>
      app.server.inject({
        method,
        url,
        headers: { cookie: who.cookie, host: new URL(base).host },
        payload,
      });

    // The maintainer: signs up, links GitHub, connects the repository with default settings and
    // posts one bounty issue.
    const mia = await signUp(app, base, 'maintainer', 'mia-maintainer');
    const connected = await as(mia, 'POST', '/api/maintainer/repositories', REPO);
    if (connected.statusCode !== 201) throw new Error(`connect: ${connected.body}`);
    const posted = await as(mia, 'POST', '/api/maintainer/bounty-issues', {
      ...REPO,
      title: 'Speed up settlement',
      body: 'Settlement takes too long.',
      labels: ['enhancement'],
      assignees: [],
      milestone: null,
      stakeAmount: 10,
      bountyAmount: 100,
    });
    if (posted.statusCode !== 201) throw new Error(`bounty: ${posted.body}`);
    const issue = posted.json<{ data: { issueId: number; number: number } }>().data;
    await settle(app, github);

    // The contributors: the wave, and the established one.
    const contributors: Account[] = [];
    for (let i = 0; i < WAVE; i++)
      contributors.push(await signUp(app, base, 'contributor', waveLogin(i)));
    const octo = await signUp(app, base, 'contributor', ESTABLISHED);
    await opened.db
      .update(users)
      .set({ createdAt: sql`now() - interval '365 days'` })
      .where(eq(users.id, octo.id));
    const maintainers = ['rita-reader', 'sam-maintainer', 'lee-lead'];
    for (const [i, login] of maintainers.entries()) {
      await inTransaction(opened.db, (tx) =>
        grantXp(tx, {
          userId: octo.id,
          amount: 100,
          kind: 'merge_reward',
          reference: `bench:merge:${login}`,
          idempotencyKey: `bench-xp:${octo.id}:${login}`,
          source: {
            login,
            loginId: 5_500_000 + i,
            repository: `${login}/project`,
            repositoryId: 5_600_000 + i,
            organization: login,
            organizationId: 5_500_000 + i,
          },
          at: new Date(Date.now() - (200 + i * 30) * DAY_MS),
        }),
      );
    }
    contributors.push(octo);

    // Each opens a pull request that closes the issue and reads its price on the issue page.
    const ready: { who: Account; pr: { number: number; url: string }; price: number }[] = [];
    for (const who of contributors) {
      const pr = await github.sim.openPullRequest({
        ...REPO,
        author: who.login,
        title: `Fix #${String(issue.number)}`,
        body: `Fixes #${String(issue.number)}`,
      });
      const page = await as(
        who,
        'POST',
        `/api/contributor/issue-details/${String(issue.issueId)}`,
        {},
      );
      const price = page.json<{ data: { issue: { stakePrice: { amount: number } } } }>().data.issue
        .stakePrice.amount;
      ready.push({ who, pr: { number: pr.number, url: pr.html_url }, price });
    }
    await settle(app, github);

    // All stake at once.
    const started = performance.now();
    const outcomes: Outcome[] = await Promise.all(
      ready.map(async ({ who, pr, price }) => {
        const res = await as(who, 'POST', '/api/contributor/stakes', {
          issueId: issue.issueId,
          prUrl: pr.url,
          amount: price,
        });
        const staked = res.statusCode === 201;
        const message = staked
          ? null
          : (res.json<{ message?: string; error?: string }>().message ?? res.body);
        return { login: who.login, pr: pr.number, price, staked, message };
      }),
    );
    const stakeMs = performance.now() - started;
    await settle(app, github);

    const waveOutcomes = outcomes.filter((o) => o.login !== ESTABLISHED);
    const established = outcomes.find((o) => o.login === ESTABLISHED)!;
    const stakedWave = waveOutcomes.filter((o) => o.staked);

    // The maintainer's queue: staked pull requests of the wave in its answer.
    const queueRes = await as(mia, 'GET', `/api/maintainer/repos/${FULL_NAME}/pulls`);
    if (queueRes.statusCode !== 200) throw new Error(`queue: ${queueRes.body}`);
    const queue = queueRes.json<{
      data: { pullRequests: { number: number; stakeAmount: number | null }[] };
    }>().data;
    const waveNumbers = new Set(waveOutcomes.map((o) => o.pr));
    const inQueue = queue.pullRequests.filter(
      (p) => p.stakeAmount !== null && waveNumbers.has(p.number),
    ).length;

    // The maintainer rejects every staked pull request of the wave after a review.
    for (const o of stakedWave) {
      await github.sim.reviewPullRequest({
        ...REPO,
        number: o.pr,
        reviewer: 'mia-maintainer',
        state: 'CHANGES_REQUESTED',
      });
      await github.sim.closePullRequest({ ...REPO, number: o.pr, by: 'mia-maintainer' });
    }
    await settle(app, github);
    const [lost] = rowsOf<{ rejected: number; lost: number }>(
      await opened.db.execute(sql`
        select count(*) filter (where s.status = 'rejected')::int as rejected,
          coalesce(sum(s.coins_lost), 0)::int as lost
        from ${stakes} s join ${users} u on u.id = s.user_id
        where u.github_username like 'wave-%' and s.repository_full_name = ${FULL_NAME}`),
    );

    const refusals = new Map<string, number>();
    for (const o of waveOutcomes.filter((w) => !w.staked)) {
      refusals.set(o.message!, (refusals.get(o.message!) ?? 0) + 1);
    }
    for (const [message, count] of refusals)
      console.log(`slop-wave: ${String(count)} of the wave refused: ${message}`);
    console.log(
      `slop-wave: ${ESTABLISHED} ${established.staked ? 'staked' : `refused: ${established.message}`}`,
    );

    const prices = [...new Set(waveOutcomes.map((o) => o.price))].join('/');
    return [
      {
        bench: 'slop-wave',
        case: `${String(WAVE)} new accounts + 1 established stake at once on one bounty issue, default settings, postgres`,
        figures: {
          'wave price': prices,
          'wave staked': stakedWave.length,
          'wave in queue': inQueue,
          'wave coins staked': stakedWave.reduce((sum, o) => sum + o.price, 0),
          'wave rejected': lost!.rejected,
          'wave coins lost': lost!.lost,
          established: established.staked ? `staked ${String(established.price)}` : 'refused',
          'stakes ms': round(stakeMs),
        },
        goal: GOAL,
      },
    ];
  } finally {
    await settle(app, github).catch(() => undefined);
    await app.close();
    await github.sim.close();
    await opened.close();
  }
}

export default async function slopWave(): Promise<BenchRow[]> {
  let database: BenchDatabase;
  try {
    database = await freshDatabase('postgres');
  } catch (error) {
    console.log(`slop-wave: PostgreSQL skipped (${(error as Error).message})`);
    return [
      {
        bench: 'slop-wave',
        case: 'postgres',
        figures: { skipped: 'PostgreSQL did not answer' },
        goal: GOAL,
      },
    ];
  }
  try {
    return await wave(database);
  } finally {
    await database.drop();
  }
}
