// Signed GitHub webhook deliveries (a 25 kB pull_request event, each with its own delivery id and
// body, signed with the repository's secret), 50 concurrent, on PostgreSQL; the bare Fastify
// baseline alongside. Two cases: `synchronize` (recorded only) and `closed` (recorded, answered,
// then settled after the answer: here a pull request nobody staked on).
import { createHmac, randomBytes } from 'node:crypto';
import { repositories, users } from '../apps/server/src/db/schema';
import { encryptSecret } from '../apps/server/src/lib/secret-box';
import { BENCH_ENCRYPTION_KEY, freshDatabase, startApp } from './lib/app';
import { versusBaseline } from './lib/compare';
import { startBaseline } from './lib/processes';
import type { BenchRow } from './lib/report';
import { round } from './lib/stats';

const REPO = { githubId: 777_001, fullName: 'openstake-labs/webhook-bench', hookId: 555_001 };

export default async function webhooks(): Promise<BenchRow[]> {
  const database = await freshDatabase('postgres');
  const baseline = await startBaseline();
  try {
    const secret = randomBytes(20).toString('hex');
    const seeding = await database.open();
    const [maintainer] = await seeding.db
      .insert(users)
      .values({ email: 'webhook-bench@example.com', role: 'maintainer', githubUsername: 'mia' })
      .returning({ id: users.id });
    await seeding.db.insert(repositories).values({
      githubId: REPO.githubId,
      fullName: REPO.fullName,
      connectedBy: maintainer!.id,
      webhookId: REPO.hookId,
      webhookSecretEncrypted: encryptSecret(Buffer.from(BENCH_ENCRYPTION_KEY, 'hex'), secret),
      connectedAt: new Date(),
    });
    await seeding.close();

    const app = await startApp(database);
    try {
      const rows: BenchRow[] = [];
      for (const action of ['synchronize', 'closed'] as const) {
        rows.push(await deliveries(action, { app: app.base, baseline: baseline.base, secret }));
      }
      return rows;
    } finally {
      await app.stop();
    }
  } finally {
    await baseline.stop();
    await database.drop();
  }
}

/** One case: deliveries of `action`, each with its own delivery id and body. */
async function deliveries(
  action: 'synchronize' | 'closed',
  to: { app: string; baseline: string; secret: string },
): Promise<BenchRow> {
  let sequence = 0;
  const body = (n: number) =>
    JSON.stringify({
      action,
      number: 12,
      sequence: n,
      pull_request: {
        number: 12,
        state: action === 'closed' ? 'closed' : 'open',
        merged: false,
        title: 'A pull request',
        body: `Fixes #3\n\n${'A realistic description. '.repeat(1000)}`,
        user: { login: 'dev', id: 1 },
        head: { sha: randomBytes(20).toString('hex') },
      },
      repository: { id: REPO.githubId, full_name: REPO.fullName },
      sender: { login: 'dev', id: 1 },
    });
  const measured = await versusBaseline(to.baseline, {
    url: `${to.app}/api/github/webhooks`,
    method: 'POST',
    connections: 50,
    setupRequest: (request) => {
      const payload = body(sequence++);
      const signature = createHmac('sha256', to.secret).update(payload).digest('hex');
      return {
        ...request,
        body: payload,
        headers: {
          'content-type': 'application/json',
          'x-github-event': 'pull_request',
          'x-github-delivery': `bench-${String(sequence)}-${randomBytes(4).toString('hex')}`,
          'x-github-hook-id': String(REPO.hookId),
          'x-hub-signature-256': `sha256=${signature}`,
        },
      };
    },
  });
  return {
    bench: 'webhooks',
    case: `signed 25 kB ${action} delivery, 50 concurrent, postgres`,
    figures: {
      'deliveries/s': Math.round(measured.app.requestsPerSecond),
      'p50 ms': measured.app.p50,
      'p99 ms': measured.app.p99,
      '% of baseline': round(measured.ratio * 100),
    },
    goal: 'p99 <= 50 ms, >= 1,500/s',
  };
}
