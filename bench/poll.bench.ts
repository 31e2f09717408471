// What the pull-request poll asks GitHub to learn the state of 500 pending stakes' pull requests,
// against the simulator over real HTTP, in this process: as before (one REST read per pull
// request, 8 at a time), the same reads again (each a conditional request answered 304), and as
// the poll asks now (GraphQL batches of 50, 8 at a time). Figures: wall-clock milliseconds, the
// requests GitHub answered, and the rate limit they used (a 304 uses none).
import { performance } from 'node:perf_hooks';
import { Octokit } from '@octokit/rest';
import { startGithubSim, type GithubSim } from '@openstake/github-sim';
import { githubClients } from '../apps/server/src/integrations/github/client';
import { createGithub } from '../apps/server/src/integrations/github/github';
import {
  GITHUB_BATCH_SIZE,
  JOB_GITHUB_CONCURRENCY,
  type ItemRef,
} from '../apps/server/src/integrations/github/port';
import { forEachConcurrently } from '../apps/server/src/lib/for-each-concurrently';
import type { BenchRow } from './lib/report';
import { round } from './lib/stats';

const PENDING = 500;
const REPO = { owner: 'openstake-labs', repo: 'stake-engine' };

async function rateUsed(sim: GithubSim, token: string): Promise<{ core: number; graphql: number }> {
  const { data } = await new Octokit({ baseUrl: sim.apiUrl, auth: token }).rest.rateLimit.get();
  return { core: data.resources.core.used, graphql: data.resources.graphql?.used ?? 0 };
}

export default async function poll(): Promise<BenchRow[]> {
  const sim = await startGithubSim();
  try {
    const refs: ItemRef[] = [];
    for (let i = 0; i < PENDING; i++) {
      const pr = await sim.openPullRequest({ ...REPO, author: 'octo-dev', title: `Pending ${i}` });
      refs.push({ ...REPO, number: pr.number });
    }
    const github = createGithub(
      githubClients({ apiUrl: sim.apiUrl, webUrl: sim.webUrl, clientId: '', clientSecret: '' }),
    );
    const token = sim.tokenFor('octo-dev');

    const measure = async (label: string, goal: string, run: () => Promise<number>) => {
      const since = sim.requests().length;
      const before = await rateUsed(sim, token);
      const started = performance.now();
      const open = await run();
      const ms = performance.now() - started;
      const asked = sim
        .requests()
        .slice(since)
        .filter((r) => r.path !== '/api/v3/rate_limit');
      const after = await rateUsed(sim, token);
      if (open !== PENDING)
        throw new Error(`${label}: ${String(open)} open, expected ${String(PENDING)}`);
      return {
        bench: 'poll',
        case: `${String(PENDING)} pending pull requests, ${label}`,
        figures: {
          ms: round(ms),
          requests: asked.length,
          // GET /rate_limit itself is not counted.
          'rate limit used': after.core - before.core + (after.graphql - before.graphql),
        },
        goal,
      };
    };

    const restReads = async () => {
      let open = 0;
      await forEachConcurrently(refs, JOB_GITHUB_CONCURRENCY, async (ref) => {
        const pr = await github.pullRequest(token, ref.owner, ref.repo, ref.number);
        if (pr?.state === 'open') open++;
      });
      return open;
    };
    const batches = async () => {
      const chunks: ItemRef[][] = [];
      for (let i = 0; i < refs.length; i += GITHUB_BATCH_SIZE) {
        chunks.push(refs.slice(i, i + GITHUB_BATCH_SIZE));
      }
      let open = 0;
      await forEachConcurrently(chunks, JOB_GITHUB_CONCURRENCY, async (chunk) => {
        for (const answer of await github.pullRequests(token, chunk)) {
          if ('found' in answer && answer.found?.state === 'open') open++;
        }
      });
      return open;
    };
    return [
      await measure('REST read each (before)', 'the baseline', restReads),
      await measure('REST read each again (ETag, 304)', 'no rate limit used', restReads),
      await measure(
        `GraphQL, ${String(GITHUB_BATCH_SIZE)} a request (now)`,
        `${String(Math.ceil(PENDING / GITHUB_BATCH_SIZE))} requests`,
        batches,
      ),
    ];
  } finally {
    await sim.close();
  }
}
