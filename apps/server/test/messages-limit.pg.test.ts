import { COMPANY_MESSAGES_PER_DAY, type Conversation } from '@openstake/core';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { conversations, messages } from '../src/db/schema';
import { createUser, type Account } from './helpers/factories';
import { proveGithub } from './helpers/prove-github';
import { buildTestApp, type TestApp } from './helpers/test-app';

/*
 * The companies' daily message limit under concurrency (issue 11). It is counted in the
 * database, after locking the company's row, so sends that arrive together are counted one
 * after the other: PostgreSQL only, where requests really run at once on several connections.
 */

let app: TestApp;
beforeAll(async () => {
  app = await buildTestApp();
});
afterAll(() => app.close());

const contact = (company: Account, contributor: Account, text: string) =>
  app.server.inject({
    method: 'POST',
    url: `/api/company/contributors/${contributor.user.id}/messages`,
    headers: { cookie: company.cookie },
    payload: { text },
  });
const write = (company: Account, conversationId: string, text: string) =>
  app.server.inject({
    method: 'POST',
    url: `/api/company/conversations/${conversationId}/messages`,
    headers: { cookie: company.cookie },
    payload: { text },
  });

const storedBy = async (company: Account) =>
  (
    await app.ctx.db
      .select({ n: count() })
      .from(messages)
      .where(eq(messages.senderId, company.user.id))
  )[0]!.n;
const conversationsOf = (company: Account) =>
  app.ctx.db.select().from(conversations).where(eq(conversations.companyId, company.user.id));

/** How many answers had each status, e.g. { 201: 20, 429: 10 }. */
const tally = (statuses: number[]) =>
  statuses.reduce<Record<number, number>>((t, s) => ({ ...t, [s]: (t[s] ?? 0) + 1 }), {});

describe(`${String(COMPANY_MESSAGES_PER_DAY)} messages a day, however many are sent at once`, () => {
  let contributors: Account[];
  beforeAll(async () => {
    contributors = [];
    for (let i = 0; i < 5; i++) {
      const contributor = await createUser(app, 'contributor');
      // In the directory: GitHub proved the username they signed up with.
      await proveGithub(app, contributor);
      contributors.push(contributor);
    }
  });

  it(`30 first contacts at once, 6 to each of 5 contributors: exactly ${String(COMPANY_MESSAGES_PER_DAY)} stored, one conversation per pair`, async () => {
    const company = await createUser(app, 'company');
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        contact(company, contributors[i % 5]!, `Message ${String(i)}`),
      ),
    );
    expect(tally(answers.map((a) => a.statusCode))).toEqual({
      201: COMPANY_MESSAGES_PER_DAY,
      429: 30 - COMPANY_MESSAGES_PER_DAY,
    });
    expect(await storedBy(company)).toBe(COMPANY_MESSAGES_PER_DAY);
    // One conversation with each contributor who got a message, holding exactly those messages.
    const accepted = new Map<string, number>();
    answers.forEach((a, i) => {
      const id = contributors[i % 5]!.user.id;
      if (a.statusCode === 201) accepted.set(id, (accepted.get(id) ?? 0) + 1);
    });
    const held = new Map<string, number>();
    for (const c of await conversationsOf(company)) {
      expect(held.has(c.contributorId)).toBe(false);
      const [row] = await app.ctx.db
        .select({ n: count() })
        .from(messages)
        .where(eq(messages.conversationId, c.id));
      held.set(c.contributorId, row!.n);
    }
    expect(held).toEqual(accepted);
  });

  it('sends through both routes at once still stop at the limit', async () => {
    const company = await createUser(app, 'company');
    const first = await contact(company, contributors[0]!, 'Hello');
    expect(first.statusCode, first.body).toBe(201);
    const conversationId = first.json<{ data: Conversation }>().data.id;
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        i % 2 === 0
          ? write(company, conversationId, `Again ${String(i)}`)
          : contact(company, contributors[i % 5]!, `Contact ${String(i)}`),
      ),
    );
    expect(tally(answers.map((a) => a.statusCode))).toEqual({
      201: COMPANY_MESSAGES_PER_DAY - 1,
      429: 30 - (COMPANY_MESSAGES_PER_DAY - 1),
    });
    expect(await storedBy(company)).toBe(COMPANY_MESSAGES_PER_DAY);
  });

  it("two companies sending at once: each has its own limit, neither blocks the other's", async () => {
    const [a, b] = [await createUser(app, 'company'), await createUser(app, 'company')];
    const answers = await Promise.all(
      Array.from({ length: 60 }, (_, i) =>
        contact(i % 2 === 0 ? a : b, contributors[i % 5]!, `Message ${String(i)}`),
      ),
    );
    expect(tally(answers.map((r) => r.statusCode))).toEqual({
      201: 2 * COMPANY_MESSAGES_PER_DAY,
      429: 60 - 2 * COMPANY_MESSAGES_PER_DAY,
    });
    expect([await storedBy(a), await storedBy(b)]).toEqual([
      COMPANY_MESSAGES_PER_DAY,
      COMPANY_MESSAGES_PER_DAY,
    ]);
  });
});
