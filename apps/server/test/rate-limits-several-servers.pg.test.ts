import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { openPostgres, rowsOf } from '../src/db/database';
import { uniqueEmail } from './helpers/factories';
import { createPostgresTestDatabase } from './helpers/test-database';
import { buildTestApp, type TestApp } from './helpers/test-app';

/*
 * Two servers on one PostgreSQL database, each with its own connections, as servers behind a
 * load balancer are: a rate limit counts the hits both of them take, so it refuses at its limit
 * however the requests are spread, not at twice the limit.
 */

const PER_IP = 6;
let database: Awaited<ReturnType<typeof createPostgresTestDatabase>>;
let servers: TestApp[] = [];

beforeAll(async () => {
  database = await createPostgresTestDatabase();
  for (let i = 0; i < 2; i++) {
    servers.push(
      await buildTestApp(
        { AUTH_RATE_LIMIT_PER_IP: String(PER_IP) },
        { database: await openPostgres(database.url, { max: 10 }) },
      ),
    );
  }
});
afterAll(async () => {
  await Promise.all(servers.map((server) => server.close()));
  servers = [];
  await database.drop();
});

const signIn = (server: TestApp, ip: string) =>
  server.server.inject({
    method: 'POST',
    url: '/login',
    remoteAddress: ip,
    payload: { role: 'company', email: uniqueEmail(), password: 'wrong-password' },
  });

/** How many answers had each status, e.g. { 401: 6, 429: 14 }. */
const tally = (statuses: number[]) =>
  statuses.reduce<Record<number, number>>((t, s) => ({ ...t, [s]: (t[s] ?? 0) + 1 }), {});

describe('rate limits counted once for several servers', () => {
  it(`sign-in attempts from one address, taken in turn by two servers, are refused after ${String(PER_IP)}, not after ${String(2 * PER_IP)}`, async () => {
    const statuses = [];
    for (let i = 0; i < 2 * PER_IP; i++) {
      statuses.push((await signIn(servers[i % 2]!, '203.0.113.50')).statusCode);
    }
    expect(statuses).toEqual([
      ...Array<number>(PER_IP).fill(401),
      ...Array<number>(PER_IP).fill(429),
    ]);
    // Either server refuses with the same answer a single server gives.
    for (const server of servers) {
      const refused = await signIn(server, '203.0.113.50');
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toEqual({
        success: false,
        code: 'RATE_LIMITED',
        message: 'Too many sign-in attempts from your network. Try again in 15 minutes.',
      });
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    }
  });

  it(`20 sign-in attempts from one address at once, on two servers: exactly ${String(PER_IP)} are tried`, async () => {
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => signIn(servers[i % 2]!, '203.0.113.51')),
    );
    expect(tally(answers.map((a) => a.statusCode))).toEqual({ 401: PER_IP, 429: 20 - PER_IP });
  });

  it("a route's own limit (60 automation calls a minute) counts the calls both servers take", async () => {
    const call = (server: TestApp) =>
      server.server.inject({
        method: 'POST',
        url: '/api/maintainer/issue-comment',
        remoteAddress: '198.51.100.9',
        headers: { authorization: 'Bearer osk_notarealkeynotarealkeynotarealk' },
        payload: { issue_number: 1, repo: 'stake-engine', org: 'openstake-labs' },
      });
    const statuses = [];
    for (let i = 0; i < 61; i++) statuses.push((await call(servers[i % 2]!)).statusCode);
    expect(tally(statuses)).toEqual({ 401: 60, 429: 1 });
    expect(statuses.at(-1)).toBe(429);
    expect((await call(servers[1]!)).json()).toEqual({
      success: false,
      code: 'RATE_LIMITED',
      message: 'Too many automation calls from your network. Try again in 1 minute.',
    });
  });

  it('keeps its counters in an unlogged table: a hit waits for no write-ahead log flush', async () => {
    const [table] = rowsOf<{ persistence: string }>(
      await servers[0]!.ctx.db.execute(
        sql`select relpersistence as persistence from pg_class where relname = 'rate_limit_counters'`,
      ),
    );
    expect(table?.persistence).toBe('u');
  });
});
