import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rateLimitCounters } from '../src/db/schema';
import { JOBS, runDueJobs } from '../src/jobs/job-runner';
import { uniqueEmail } from './helpers/factories';
import { buildTestApp, type TestApp } from './helpers/test-app';

/*
 * The rate limits' counters in the database: a window from a key's first hit, which the server's
 * clock ends, and a job that deletes the counters of ended windows.
 */

// A clock the tests move; the limits read time only through it.
let now = new Date('2026-03-02T10:00:00Z');
const clock = { now: () => now };
const MINUTE = 60_000;
const later = (minutes: number) => {
  now = new Date(now.getTime() + minutes * MINUTE);
};

let app: TestApp;
beforeAll(async () => {
  app = await buildTestApp(
    { AUTH_RATE_LIMIT_PER_IP: '3', AUTH_RATE_LIMIT_GLOBAL_WINDOW_MINUTES: '15' },
    { clock },
  );
});
afterAll(() => app.close());

const signIn = (ip: string) =>
  app.server.inject({
    method: 'POST',
    url: '/login',
    remoteAddress: ip,
    payload: { role: 'company', email: uniqueEmail(), password: 'wrong-password' },
  });
const counters = async () =>
  (await app.ctx.db.select({ n: count() }).from(rateLimitCounters))[0]!.n;

describe('rate limit counters', () => {
  it('count a window of 15 minutes from the first attempt, then start again', async () => {
    const ip = '192.0.2.10';
    const statuses = [];
    for (let i = 0; i < 3; i++) statuses.push((await signIn(ip)).statusCode);
    later(10);
    statuses.push((await signIn(ip)).statusCode);
    expect(statuses).toEqual([401, 401, 401, 429]);
    // The window began at the first attempt: 5 of its 15 minutes are left.
    const refused = await signIn(ip);
    expect(refused.json().message).toBe(
      'Too many sign-in attempts from your network. Try again in 5 minutes.',
    );
    expect(refused.headers['retry-after']).toBe('300');
    later(5);
    expect((await signIn(ip)).statusCode).toBe(401);
  });

  it('a job deletes the counters whose window has ended, and keeps the others', async () => {
    await signIn('192.0.2.20');
    later(10);
    await signIn('192.0.2.21');
    const before = await counters();
    later(6); // 192.0.2.20's window (and the first test's) ended; 192.0.2.21's has 9 minutes left.
    const job = JOBS.find((j) => j.name === 'clear-rate-limit-counters')!;
    expect(await runDueJobs(app.ctx, [job])).toEqual(['clear-rate-limit-counters']);
    // Each attempt counts on 3 keys (address, email and address, email); one address's are kept.
    expect(before).toBeGreaterThan(3);
    expect(await counters()).toBe(3);
    // The kept window still counts: 192.0.2.21 has had 1 of its 3.
    const statuses = [];
    for (let i = 0; i < 3; i++) statuses.push((await signIn('192.0.2.21')).statusCode);
    expect(statuses).toEqual([401, 401, 429]);
  });
});
