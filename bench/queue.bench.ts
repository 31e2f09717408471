// The maintainer's queue (decision 015, part 4) of a repository with 1,000 open pull requests:
// listPullRequests, in this process, against the simulator over real HTTP (GraphQL: 10 requests
// of 100, each pull request with its head commit's checks) and the database (the repository's
// 100 pending stakes by 20 contributors, their standings in one statement, its bounty issues).
// Prints p50 and p95 in milliseconds over BENCH_SECONDS (10 s unless set) of the loads a
// maintainer makes while nothing changed on GitHub (its read kept: modules/pull-requests/
// kept-queues.ts), and of loads that read GitHub anew (after a webhook, a minute, or Refresh), on
// PGlite and on PostgreSQL (BENCH_DATABASE_URL, or the local server other benches use; skipped
// when it does not answer). Goal: p95 <= 100 ms.
import { performance } from 'node:perf_hooks';
import { Octokit } from '@octokit/rest';
import { QUEUE_LIMIT } from '@openstake/core';
import { startGithubSim, type GithubSim } from '@openstake/github-sim';
import { sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../apps/server/src/db/database';
import { githubClients } from '../apps/server/src/integrations/github/client';
import { createGithub } from '../apps/server/src/integrations/github/github';
import { encryptSecret } from '../apps/server/src/lib/secret-box';
import { listPullRequests } from '../apps/server/src/modules/pull-requests/list-pull-requests';
import { freshDatabase, type Engine } from './lib/app';
import { loadSeconds } from './lib/compare';
import type { BenchRow } from './lib/report';
import { seedContributors } from './lib/seed';
import { round } from './lib/stats';

const OPEN = 1_000;
const STAKED = 100;
const CONTRIBUTORS = 20;
const REPO = { owner: 'openstake-labs', repo: 'stake-engine' };
const FULL_NAME = `${REPO.owner}/${REPO.repo}`;
const secrets = { sessionSecret: new Uint8Array(32), encryptionKey: Buffer.alloc(32) };

/** The i-th share (in 1,000) of the sorted values. */
const percentile = (sorted: number[], share: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * share) / 1000))]!;

/** 1,000 open pull requests on the simulator, a third with green checks, a tenth failing. */
async function openPullRequests(sim: GithubSim): Promise<number[]> {
  const authors = ['octo-dev', 'newbie-nia', 'prolific-pat', 'sam-rustacean'];
  const github = new Octokit({ baseUrl: sim.apiUrl, auth: sim.tokenFor('mia-maintainer') });
  const numbers: number[] = [];
  for (let i = 0; i < OPEN; i++) {
    const pr = await sim.openPullRequest({
      ...REPO,
      author: authors[i % authors.length]!,
      title: `Queue bench ${String(i)}`,
      body: `Fixes #${String(1 + (i % 50))}. A description of a realistic length. `.repeat(4),
    });
    numbers.push(pr.number);
    const state = i % 3 === 0 ? 'success' : i % 10 === 1 ? 'failure' : null;
    if (state) {
      await github.rest.repos.createCommitStatus({
        ...REPO,
        sha: pr.head.sha,
        state,
        context: 'ci/test',
      });
    }
  }
  return numbers;
}

/**
 * The maintainer (linked to mia-maintainer on the simulator), and STAKED pending stakes by
 * CONTRIBUTORS settled contributors on as many of the pull requests. Returns the maintainer's id.
 */
async function seed(db: Db, sim: GithubSim, pullNumbers: number[]): Promise<string> {
  const contributors = await seedContributors(
    db,
    CONTRIBUTORS,
    new Date(Date.now() - 400 * 86_400_000),
  );
  const [maintainer] = rowsOf<{ id: string }>(
    await db.execute(sql`
      insert into users (email, role, github_username)
      values ('queue-bench@example.com', 'maintainer', 'mia-maintainer') returning id`),
  );
  await db.execute(sql`
    insert into github_accounts (user_id, github_id, login, access_token_encrypted)
    values (${maintainer!.id}, 990001, 'mia-maintainer',
      ${encryptSecret(secrets.encryptionKey, sim.tokenFor('mia-maintainer'))})`);
  await db.execute(sql`
    insert into tracked_issues (github_id, repository_full_name, number, title, body, state, labels,
      author_login, html_url, difficulty, staking_required, xp_reward, bounty, repository,
      repository_private, github_created_at, github_updated_at)
    select 880000 + i, ${FULL_NAME}, 100000 + i, 'Queue bench issue ' || i, '', 'open', '[]'::jsonb,
      'mia-maintainer', 'https://github.com/' || ${FULL_NAME} || '/issues/' || (100000 + i),
      'beginner', 10, 50, 0, '{}'::jsonb, false, now(), now()
    from generate_series(1, ${STAKED}::int) as i`);
  const staked = pullNumbers.filter((_, i) => i % (OPEN / STAKED) === 0).slice(0, STAKED);
  await db.execute(sql`
    insert into stakes (user_id, issue_github_id, repository_full_name, pr_number, pr_url, amount,
      deduction_percent, price_percent, status, created_at)
    select (${`{${contributors.join(',')}}`}::uuid[])[1 + i % ${CONTRIBUTORS}::int], 880000 + i,
      ${FULL_NAME}, pr, 'https://github.com/' || ${FULL_NAME} || '/pull/' || pr, 10, 10,
      (array[50, 100, 150, 200])[1 + i % 4], 'pending', now() - i * interval '1 minute'
    from unnest(${`{${staked.join(',')}}`}::int[]) with ordinality as t(pr, i)`);
  return maintainer!.id;
}

/** Each call's milliseconds, sorted, over BENCH_SECONDS. */
async function timed(run: () => Promise<unknown>): Promise<number[]> {
  const times: number[] = [];
  const until = performance.now() + loadSeconds() * 1000;
  while (performance.now() < until) {
    const started = performance.now();
    await run();
    times.push(performance.now() - started);
  }
  return times.sort((a, b) => a - b);
}

async function measure(engine: Engine, sim: GithubSim, pullNumbers: number[]): Promise<BenchRow> {
  const database = await freshDatabase(engine);
  try {
    const opened = await database.open();
    try {
      const userId = await seed(opened.db, sim, pullNumbers);
      const ctx = {
        db: opened.db,
        secrets,
        clock: { now: () => new Date() },
        github: createGithub(
          githubClients({ apiUrl: sim.apiUrl, webUrl: sim.webUrl, clientId: '', clientSecret: '' }),
        ),
      };
      const load = (refresh = false) => listPullRequests({ userId, ...REPO, refresh }, ctx);
      const first = await load();
      const listed = first.pullRequests.length + first.unstakedOnBounties.length;
      if (listed !== OPEN)
        throw new Error(`the queue listed ${String(listed)}, not ${String(OPEN)}`);
      // A maintainer's loads while nothing changed on GitHub: the kept read, the stakes read anew.
      const times = await timed(() => load());
      // A load after a webhook, a minute, or Refresh: GitHub read again.
      const cold = await timed(() => load(true));
      // The part of it that is GitHub's (here the simulator's) answer alone.
      const github = await timed(() =>
        ctx.github.openPullRequestQueue(
          sim.tokenFor('mia-maintainer'),
          REPO.owner,
          REPO.repo,
          OPEN,
        ),
      );
      return {
        bench: 'queue',
        case: `${String(OPEN)} open pull requests, ${String(STAKED)} staked, ${engine}`,
        figures: {
          loads: times.length,
          'p50 ms': round(percentile(times, 500)),
          'p95 ms': round(percentile(times, 950)),
          'read anew p50 ms': round(percentile(cold, 500)),
          'read anew p95 ms': round(percentile(cold, 950)),
          'GitHub reads alone p50 ms': round(percentile(github, 500)),
        },
        goal: 'p95 <= 100 ms',
      };
    } finally {
      await opened.close();
    }
  } finally {
    await database.drop();
  }
}

export default async function queue(): Promise<BenchRow[]> {
  if (OPEN > QUEUE_LIMIT) throw new Error('the queue reads at most QUEUE_LIMIT pull requests');
  const sim = await startGithubSim();
  try {
    const pullNumbers = await openPullRequests(sim);
    const rows = [await measure('pglite', sim, pullNumbers)];
    try {
      rows.push(await measure('postgres', sim, pullNumbers));
    } catch (error) {
      console.log(`queue: PostgreSQL skipped (${(error as Error).message})`);
    }
    return rows;
  } finally {
    await sim.close();
  }
}
