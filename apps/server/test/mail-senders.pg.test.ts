import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPostgres } from '../src/db/database';
import { mailOutbox } from '../src/db/schema';
import { queueMail } from '../src/modules/mail/queue-mail';
import { sendDueMail } from '../src/modules/mail/send-due-mail';
import { verifyEmailMail } from '../src/modules/mail/templates/verify-email';
import { startTestSmtpServer, type Mailbox } from './helpers/smtp-server';
import { createPostgresTestDatabase } from './helpers/test-database';
import { buildTestApp, type TestApp } from './helpers/test-app';

/*
 * Two servers on one PostgreSQL database run the send-mail job at the same moment, each with two
 * runs of its own (a job run and a nudge): every queued message reaches the SMTP server once.
 */

const MESSAGES = 40;
let database: Awaited<ReturnType<typeof createPostgresTestDatabase>>;
let smtp: Mailbox;
let servers: TestApp[] = [];

beforeAll(async () => {
  database = await createPostgresTestDatabase();
  smtp = await startTestSmtpServer();
  for (let i = 0; i < 2; i++) {
    servers.push(
      await buildTestApp(
        { SMTP_URL: smtp.smtpUrl, PUBLIC_URL: 'https://openstake.example.com' },
        { database: await openPostgres(database.url, { max: 10 }) },
      ),
    );
  }
});
afterAll(async () => {
  await Promise.all(servers.map((server) => server.close()));
  servers = [];
  await smtp.close();
  await database.drop();
});

describe('the mail outbox with several senders', () => {
  it(`sends each of ${String(MESSAGES)} messages once when two servers run the job at once`, async () => {
    const [a, b] = servers as [TestApp, TestApp];
    const ids: string[] = [];
    for (let i = 0; i < MESSAGES; i++) {
      const id = await queueMail(
        a.ctx.db,
        verifyEmailMail({ to: `race-${String(i)}@example.com`, token: `t${String(i)}` }, a.ctx),
      );
      ids.push(id!);
    }

    const counts = await Promise.all([
      sendDueMail(a.ctx),
      sendDueMail(b.ctx),
      sendDueMail(a.ctx),
      sendDueMail(b.ctx),
    ]);
    expect(counts.reduce((sum, n) => sum + n, 0)).toBe(MESSAGES);
    // Both servers took part (the claims interleaved rather than one run taking everything).
    expect(counts[0]! + counts[2]!).toBeGreaterThan(0);
    expect(counts[1]! + counts[3]!).toBeGreaterThan(0);

    const received = smtp.messages();
    expect(received).toHaveLength(MESSAGES);
    const messageIds = received.map((m) => m.messageId);
    expect(new Set(messageIds).size).toBe(MESSAGES);
    expect(new Set(received.flatMap((m) => m.envelopeTo)).size).toBe(MESSAGES);

    for (const id of ids) {
      const [row] = await a.ctx.db.select().from(mailOutbox).where(eq(mailOutbox.id, id));
      expect(row!.sentAt).not.toBeNull();
      expect(row!.attempts).toBe(1);
      expect(messageIds).toContain(row!.messageId);
    }
    // Nothing is left to send.
    expect(await Promise.all([sendDueMail(a.ctx), sendDueMail(b.ctx)])).toEqual([0, 0]);
    expect(smtp.messages()).toHaveLength(MESSAGES);
  });
});
