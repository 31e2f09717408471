import type { Conversation } from '@openstake/core';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPostgres } from '../src/db/database';
import { bountyIssues, mailOutbox, messages } from '../src/db/schema';
import { announceBounties } from '../src/modules/stakes/announce-bounties';
import { connectRepository } from './helpers/connect-repository';
import { conversationCalls, notificationsReceived } from './helpers/conversations';
import { createUser, type Account } from './helpers/factories';
import { listen } from './helpers/github-flow';
import { linkGithub } from './helpers/link-github';
import { proveGithub } from './helpers/prove-github';
import { startTestSmtpServer, type Mailbox } from './helpers/smtp-server';
import { REPO, REPO_FULL_NAME, stakeWorld } from './helpers/stake-world';
import { createPostgresTestDatabase } from './helpers/test-database';
import { buildTestApp, type TestApp } from './helpers/test-app';

/*
 * Notification mails (decision 018) when the events behind them arrive at once: PostgreSQL
 * only, where requests and job runs really run together on several connections. Messages sent
 * together mail their reader once (the conversation's or the company's row lock), and a message
 * sent while its reader reads is read or mailed (the read locks the conversation too); two servers
 * announcing bounties together mail each past staker each bounty once (the claim `for update
 * skip locked`, and the dedupe key behind it).
 */

let database: Awaited<ReturnType<typeof createPostgresTestDatabase>>;
let smtp: Mailbox;
let servers: TestApp[] = [];
/** The server the tests act through; the second runs the announce-bounties job beside it. */
let app: TestApp;

beforeAll(async () => {
  database = await createPostgresTestDatabase();
  smtp = await startTestSmtpServer();
  for (let i = 0; i < 2; i++) {
    servers.push(
      await buildTestApp(
        { SMTP_URL: smtp.smtpUrl },
        { database: await openPostgres(database.url, { max: 10 }) },
      ),
    );
  }
  app = servers[0]!;
});
afterAll(async () => {
  await Promise.all(servers.map((server) => server.close()));
  servers = [];
  await smtp.close();
  await database.drop();
});

const call = (who: Account, method: 'POST', url: string, payload?: object) =>
  app.server.inject({
    method,
    url,
    headers: { cookie: who.cookie },
    ...(payload === undefined ? {} : { payload }),
  });

/** The notifications of `kind` queued for `who`, however many were sent. */
const queued = async (who: Account, kind: string) =>
  (
    await app.ctx.db
      .select({ id: mailOutbox.id })
      .from(mailOutbox)
      .where(and(eq(mailOutbox.userId, who.user.id), eq(mailOutbox.kind, kind)))
  ).length;

const mailsTo = (who: Account) => notificationsReceived(app, smtp, who);

describe('messages sent at once mail their reader once', () => {
  const { contact, write, markRead } = conversationCalls(() => app);

  async function conversation() {
    const company = await createUser(app, 'company');
    const contributor = await createUser(app, 'contributor');
    await proveGithub(app, contributor); // listed in the directory: companies may write
    const first = await contact(company, contributor, 'We are hiring.');
    expect(first.statusCode, first.body).toBe(201);
    return { company, contributor, id: first.json<{ data: Conversation }>().data.id };
  }

  it("5 replies at once, after the company read the last: one 'message-reply' mail", async () => {
    const { company, contributor, id } = await conversation();
    expect((await write(contributor, id, 'Tell me more.')).statusCode).toBe(201);
    expect(await queued(company, 'message-reply')).toBe(1);
    expect((await markRead(company, id)).statusCode).toBe(200);

    const replies = await Promise.all(
      Array.from({ length: 5 }, (_, i) => write(contributor, id, `Reply ${String(i)}`)),
    );
    expect(replies.map((r) => r.statusCode)).toEqual([201, 201, 201, 201, 201]);
    // The first of the five mailed the company; the other four found it unread.
    expect(await queued(company, 'message-reply')).toBe(2);
    expect(await mailsTo(company)).toHaveLength(2);
  });

  it("3 messages at once from a company, through both routes: one 'company-message' mail", async () => {
    const { company, contributor, id } = await conversation();
    expect(await queued(contributor, 'company-message')).toBe(1);
    expect((await markRead(contributor, id)).statusCode).toBe(200);

    const sent = await Promise.all([
      write(company, id, 'Are you available?'),
      contact(company, contributor, 'We pay well.'),
      write(company, id, 'Remote is fine.'),
    ]);
    expect(sent.map((r) => r.statusCode)).toEqual([201, 201, 201]);
    expect(await queued(contributor, 'company-message')).toBe(2);
    expect(await mailsTo(contributor)).toHaveLength(2);
  });

  /**
   * Rounds: the writer leaves a message unread, then `reader` reads as `send` adds another.
   * The one added is either read by that read or, added after it, the first unread: then mailed.
   */
  async function readWhileSent(
    reader: Account,
    id: string,
    send: (text: string, round: number) => ReturnType<typeof call>,
    afterRound: () => Promise<unknown> = async () => {},
  ) {
    const kind = reader.user.role === 'company' ? 'message-reply' : 'company-message';
    const missed: string[] = [];
    for (let round = 0; round < 20; round++) {
      expect((await send(`Before ${String(round)}.`, round)).statusCode).toBe(201);
      const text = `Sent while reading ${String(round)}.`;
      const [read, sent] = await Promise.all([markRead(reader, id), send(text, round)]);
      expect([read.statusCode, sent.statusCode]).toEqual([200, 201]);
      const [row] = await app.ctx.db
        .select({ readAt: messages.readAt })
        .from(messages)
        .where(and(eq(messages.conversationId, id), eq(messages.body, text)));
      const mails = await app.ctx.db
        .select({ text: mailOutbox.text })
        .from(mailOutbox)
        .where(and(eq(mailOutbox.userId, reader.user.id), eq(mailOutbox.kind, kind)));
      if (row!.readAt === null && !mails.some((m) => m.text.includes(text))) missed.push(text);
      await afterRound();
    }
    expect(missed, `unread and never mailed to the ${reader.user.role}`).toEqual([]);
  }

  it('a reply sent while the company reads is read by it, or mailed', async () => {
    const { company, contributor, id } = await conversation();
    await readWhileSent(company, id, (text) => write(contributor, id, text));
  });

  it("a company's message sent while the contributor reads is read by them, or mailed", async () => {
    const { company, contributor, id } = await conversation();
    // Through both routes, a round each: the conversation's, and the directory's contact.
    await readWhileSent(
      contributor,
      id,
      (text, round) =>
        round % 2 === 0 ? write(company, id, text) : contact(company, contributor, text),
      // Its messages dated a day back: the daily limit (20) is not what this is about.
      () =>
        app.ctx.db
          .update(messages)
          .set({ createdAt: sql`${messages.createdAt} - interval '1 day'` })
          .where(eq(messages.senderId, company.user.id)),
    );
  });
});

describe('two servers announcing new bounties at once', () => {
  const BOUNTIES = 25; // more than one claim's batch (20)
  const STAKERS = ['newbie-nia', 'octo-dev', 'prolific-pat'];

  it('mail each past staker each bounty once, and mark every bounty announced', async () => {
    const base = await listen(app);
    const sim = app.githubSim!;
    const world = stakeWorld(app, sim);
    const mia = await createUser(app, 'maintainer', { githubUsername: 'mia-maintainer' });
    await linkGithub(base, mia, 'mia-maintainer');
    await connectRepository(app, base, mia, REPO);

    // Each has staked on the repository before the bounties are posted.
    const stakers: Account[] = [];
    for (const login of STAKERS) {
      const staker = await createUser(app, 'contributor', { githubUsername: login });
      await linkGithub(base, staker, login);
      const issue = await world.createIssue();
      const pr = await world.openPullRequest(login, issue.number);
      const stake = await call(staker, 'POST', '/api/contributor/stakes', {
        issueId: issue.githubId,
        prUrl: pr.url,
        amount: issue.stakingRequired,
      });
      expect(stake.statusCode, stake.body).toBe(201);
      stakers.push(staker);
    }

    const posted: number[] = [];
    for (let i = 0; i < BOUNTIES; i++) {
      const res = await call(mia, 'POST', '/api/maintainer/bounty-issues', {
        ...REPO,
        title: `Bounty ${String(i)}`,
        body: '',
        labels: [],
        assignees: [],
        milestone: null,
        stakeAmount: 5,
        bountyAmount: 10,
      });
      expect(res.statusCode, res.body).toBe(201);
      posted.push(res.json<{ data: { number: number } }>().data.number);
    }

    // Two runs on each server, all at once.
    const [a, b] = servers as [TestApp, TestApp];
    const runs = await Promise.all([
      announceBounties(a.ctx),
      announceBounties(b.ctx),
      announceBounties(a.ctx),
      announceBounties(b.ctx),
    ]);
    // Each bounty was announced by exactly one run.
    expect(runs.reduce((sum, n) => sum + n, 0)).toBe(BOUNTIES);

    const mails = await app.ctx.db
      .select({ userId: mailOutbox.userId, subject: mailOutbox.subject })
      .from(mailOutbox)
      .where(eq(mailOutbox.kind, 'bounty-posted'));
    const expected = stakers.flatMap((staker) =>
      posted.map(
        (number) => `${staker.user.id} New bounty of 10 coins: ${REPO_FULL_NAME}#${String(number)}`,
      ),
    );
    expect(mails.map((m) => `${String(m.userId)} ${m.subject}`).sort()).toEqual(expected.sort());

    const bounties = await app.ctx.db.select().from(bountyIssues);
    expect(bounties).toHaveLength(BOUNTIES);
    expect(
      await app.ctx.db.select().from(bountyIssues).where(isNull(bountyIssues.announcedAt)),
    ).toEqual([]);
    // Nothing is left to announce.
    expect(await Promise.all([announceBounties(a.ctx), announceBounties(b.ctx)])).toEqual([0, 0]);
  });
});
