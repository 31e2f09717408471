import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox } from '../src/db/schema';
import { JOBS, runDueJobs } from '../src/jobs/job-runner';
import { inTransaction } from '../src/db/transaction';
import { renderMail } from '../src/modules/mail/mail-template';
import { queueMail } from '../src/modules/mail/queue-mail';
import { MAX_ATTEMPTS, RETRY_DELAYS_MS, sendDueMail } from '../src/modules/mail/send-due-mail';
import { resetPasswordMail } from '../src/modules/mail/templates/reset-password';
import { verifyEmailMail } from '../src/modules/mail/templates/verify-email';
import { createUser, uniqueEmail } from './helpers/factories';
import { startTestSmtpServer, type Mailbox } from './helpers/smtp-server';
import { buildTestApp, type TestApp } from './helpers/test-app';

const PUBLIC_URL = 'https://openstake.example.com';
const SMTP_USER = 'openstake-mailer';
const SMTP_PASSWORD = 'smtp-Pa55word/with:signs@9';

// A clock the tests move; the sender reads time only through it.
let now = new Date();
const clock = { now: () => now };

let smtp: Mailbox;
let app: TestApp;

beforeAll(async () => {
  smtp = await startTestSmtpServer({ auth: { user: SMTP_USER, password: SMTP_PASSWORD } });
  app = await buildTestApp({ SMTP_URL: smtp.smtpUrl, PUBLIC_URL }, { clock });
});
afterAll(async () => {
  await app.close();
  await smtp.close();
});

const outboxRow = async (id: string) =>
  (await app.ctx.db.select().from(mailOutbox).where(eq(mailOutbox.id, id)))[0]!;

/** The messages the SMTP server received for `to`, oldest first. */
const receivedBy = (to: string) =>
  smtp
    .messages()
    .filter((m) => m.envelopeTo.includes(to))
    .reverse();

describe('the mail outbox over real SMTP', () => {
  it('sends a queued message and the receiver reads its subject, text, HTML, headers and links from PUBLIC_URL', async () => {
    const account = await createUser(app, 'contributor');
    // Sign-up mailed its own confirmation (sent after the answer): apart from what this test queues.
    await app.ctx.background.idle();
    const earlier = receivedBy(account.email).length;
    const token = 'tok_3fQ9-verify';
    const id = await inTransaction(app.ctx.db, (tx) =>
      queueMail(
        tx,
        verifyEmailMail({ to: account.email, userId: account.user.id, token }, app.ctx),
      ),
    );
    expect(id).not.toBeNull();
    // A notification, rendered by the same machinery: it carries List-Unsubscribe.
    const notice = await queueMail(
      app.ctx.db,
      renderMail(
        'test-notification',
        {
          subject: 'A company wrote to you',
          blocks: [{ paragraph: 'Hello' }],
          notification: true,
        },
        { to: account.email, userId: account.user.id },
        app.ctx,
      ),
    );

    expect(await sendDueMail(app.ctx)).toBe(2);
    const [mail, notification] = receivedBy(account.email).slice(earlier);
    expect(mail).toBeDefined();
    const link = `${PUBLIC_URL}/verify-email?token=${token}`;
    expect(mail!.subject).toBe('Confirm your email address for OpenStake');
    expect(mail!.from).toMatch(/^"?OpenStake"? <no-reply@openstake\.example\.com>$/);
    expect(mail!.to).toBe(account.email);
    expect(mail!.text).toContain(link);
    expect(mail!.text).toContain('expires in 24 hours');
    expect(mail!.html).toContain(`href="${link}"`);
    expect(mail!.headers['list-unsubscribe']).toBeUndefined();
    // Its Message-ID is the outbox row's, kept there: a copy sent twice is the same message.
    const row = await outboxRow(id!);
    expect(mail!.messageId).toBe(`<${id!}@openstake.example.com>`);
    expect(row.messageId).toBe(mail!.messageId);
    expect(row.sentAt).not.toBeNull();
    expect(row.attempts).toBe(1);
    expect(row.lastError).toBeNull();

    expect(notification!.subject).toBe('A company wrote to you');
    expect(notification!.headers['list-unsubscribe']).toBe(
      `<${PUBLIC_URL}/settings/notifications>`,
    );
    expect(notification!.text).toContain(`${PUBLIC_URL}/settings/notifications`);
    expect(notification!.html).toContain(`href="${PUBLIC_URL}/settings/notifications"`);
    expect((await outboxRow(notice!)).sentAt).not.toBeNull();

    // Sent once: another run finds nothing due.
    expect(await sendDueMail(app.ctx)).toBe(0);
    expect(receivedBy(account.email)).toHaveLength(earlier + 2);
  });

  it('sends the reset-password mail with its 30-minute link', async () => {
    const to = uniqueEmail('reset');
    await queueMail(app.ctx.db, resetPasswordMail({ to, token: 'r3set-tok' }, app.ctx));
    expect(await sendDueMail(app.ctx)).toBe(1);
    const [mail] = receivedBy(to);
    expect(mail!.subject).toBe('Reset your OpenStake password');
    expect(mail!.text).toContain(`${PUBLIC_URL}/reset-password?token=r3set-tok`);
    expect(mail!.text).toContain('for 30 minutes');
  });

  it("is sent by the job runner's send-mail job", async () => {
    const to = uniqueEmail('job');
    await queueMail(app.ctx.db, verifyEmailMail({ to, token: 'job-token' }, app.ctx));
    const sendMail = JOBS.filter((job) => job.name === 'send-mail');
    expect(sendMail).toHaveLength(1);
    expect(await runDueJobs(app.ctx, sendMail)).toEqual(['send-mail']);
    expect(receivedBy(to)).toHaveLength(1);
  });

  it('queues nothing when the transaction that queued it rolls back', async () => {
    const to = uniqueEmail('rolled-back');
    await expect(
      inTransaction(app.ctx.db, async (tx) => {
        await queueMail(tx, verifyEmailMail({ to, token: 't' }, app.ctx));
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    const rows = await app.ctx.db.select().from(mailOutbox).where(eq(mailOutbox.recipient, to));
    expect(rows).toEqual([]);
  });

  it('queues a message with a dedupe key once', async () => {
    const to = uniqueEmail('weekly');
    const message = () => ({
      ...verifyEmailMail({ to, token: 't' }, app.ctx),
      dedupeKey: `weekly-report:acme:2026-W48:${to}`,
    });
    const first = await queueMail(app.ctx.db, message());
    const second = await queueMail(app.ctx.db, message());
    expect(first).not.toBeNull();
    expect(second).toBeNull();
    const rows = await app.ctx.db.select().from(mailOutbox).where(eq(mailOutbox.recipient, to));
    expect(rows).toHaveLength(1);
  });

  it('refuses a recipient that is not one address', async () => {
    await expect(
      queueMail(
        app.ctx.db,
        verifyEmailMail({ to: 'a@example.com, b@example.com', token: 't' }, app.ctx),
      ),
    ).rejects.toThrow('not one mail address');
  });

  it('keeps a message while the SMTP server is down and sends it once after it is back', async () => {
    // What earlier tests queued goes first; a stopped server stops a run at its first message.
    await sendDueMail(app.ctx);
    await smtp.stop();
    const to = uniqueEmail('retry');
    const id = await queueMail(app.ctx.db, verifyEmailMail({ to, token: 't' }, app.ctx));

    expect(await sendDueMail(app.ctx)).toBe(0);
    let row = await outboxRow(id!);
    expect(row.sentAt).toBeNull();
    expect(row.failedAt).toBeNull();
    expect(row.attempts).toBe(1);
    expect(row.lastError).toMatch(/ECONNECTION|ECONNREFUSED/);
    expect(row.claimedUntil).toBeNull();
    expect(row.nextAttemptAt.getTime()).toBe(now.getTime() + RETRY_DELAYS_MS[0]!);
    expect(app.logs.some((l) => l.msg === 'mail could not be sent; it will be retried')).toBe(true);

    // Not due again before its backoff, even with the server back.
    await smtp.start();
    expect(await sendDueMail(app.ctx)).toBe(0);
    expect(receivedBy(to)).toHaveLength(0);

    now = new Date(now.getTime() + RETRY_DELAYS_MS[0]!);
    expect(await sendDueMail(app.ctx)).toBe(1);
    expect(await sendDueMail(app.ctx)).toBe(0);
    expect(receivedBy(to)).toHaveLength(1);
    row = await outboxRow(id!);
    expect(row.sentAt).not.toBeNull();
    expect(row.attempts).toBe(2);
    expect(row.lastError).toBeNull();
  });

  it(`gives a message up after ${String(MAX_ATTEMPTS)} failed attempts`, async () => {
    await sendDueMail(app.ctx);
    await smtp.stop();
    try {
      const to = uniqueEmail('given-up');
      const id = await queueMail(app.ctx.db, verifyEmailMail({ to, token: 't' }, app.ctx));
      for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
        await sendDueMail(app.ctx);
        const row = await outboxRow(id!);
        expect(row.attempts).toBe(attempt);
        if (attempt < MAX_ATTEMPTS) {
          expect(row.failedAt).toBeNull();
          now = row.nextAttemptAt;
        } else {
          expect(row.failedAt).not.toBeNull();
        }
      }
      now = new Date(now.getTime() + 7 * 86_400_000);
      await smtp.start();
      await sendDueMail(app.ctx);
      expect(receivedBy(to)).toHaveLength(0);
    } finally {
      await smtp.start();
    }
  });
});

describe('the SMTP password', () => {
  it('is never in a recorded error or a log line when the server refuses the login', async () => {
    const wrong = 'Wr0ng-smtp-secret/x:y';
    const refusing = new URL(smtp.smtpUrl);
    refusing.password = encodeURIComponent(wrong);
    const other = await buildTestApp({ SMTP_URL: refusing.toString(), PUBLIC_URL }, { clock });
    try {
      const to = uniqueEmail('auth');
      const id = await queueMail(other.ctx.db, verifyEmailMail({ to, token: 't' }, other.ctx));
      expect(await sendDueMail(other.ctx)).toBe(0);
      const [row] = await other.ctx.db.select().from(mailOutbox).where(eq(mailOutbox.id, id!));
      expect(row!.lastError).toMatch(/EAUTH/);
      expect(row!.lastError).not.toContain(wrong);
      expect(row!.lastError).not.toContain(encodeURIComponent(wrong));
      // The secrets check of this app (test/setup.ts) searches every log line for it too.
      expect(other.rawLogs()).not.toContain(wrong);
      expect(other.secretWatch.known().some((s) => s.kind === 'SMTP password')).toBe(true);
    } finally {
      await other.close();
    }
  });
});

describe('without mail configured', () => {
  it('keeps mail queued and says once at start that mail is not configured', async () => {
    const configured = await buildTestApp({
      GITHUB_CLIENT_ID: 'Iv1.mailtest',
      GITHUB_CLIENT_SECRET: 'mail-test-client-secret-0123456789',
    });
    try {
      expect(configured.ctx.mail.transport).toBeNull();
      const warnings = configured.logs.filter((l) => /mail is not configured/.test(l.msg ?? ''));
      expect(warnings).toHaveLength(1);
      const id = await queueMail(
        configured.ctx.db,
        verifyEmailMail({ to: uniqueEmail('later'), token: 't' }, configured.ctx),
      );
      expect(await sendDueMail(configured.ctx)).toBe(0);
      const [row] = await configured.ctx.db.select().from(mailOutbox).where(eq(mailOutbox.id, id!));
      expect(row!.attempts).toBe(0);
      expect(row!.sentAt).toBeNull();
      // No demo mailbox outside demo mode.
      const mailbox = await configured.server.inject({ method: 'GET', url: '/api/demo/mailbox' });
      expect(mailbox.statusCode).toBe(404);
    } finally {
      await configured.close();
    }
  });
});

describe('the demo mailbox', () => {
  it('shows what demo mode sent to its in-process SMTP server, newest first', async () => {
    const demo = await buildTestApp({ PUBLIC_URL });
    try {
      expect(demo.ctx.mail.demoMailbox).not.toBeNull();
      const to = uniqueEmail('demo');
      await queueMail(demo.ctx.db, verifyEmailMail({ to, token: 'demo-token' }, demo.ctx));
      await queueMail(demo.ctx.db, resetPasswordMail({ to, token: 'demo-reset' }, demo.ctx));
      // A nudge sends at once, after the answer (here: the caller's own work).
      demo.ctx.mail.nudge();
      await demo.ctx.background.idle();
      const res = await demo.server.inject({ method: 'GET', url: '/api/demo/mailbox' });
      expect(res.statusCode).toBe(200);
      const { messages } = res.json<{
        data: { messages: { to: string; subject: string; text: string; receivedAt: string }[] };
      }>().data;
      expect(messages.map((m) => m.subject)).toEqual([
        'Reset your OpenStake password',
        'Confirm your email address for OpenStake',
      ]);
      expect(messages[1]!.to).toBe(to);
      expect(messages[1]!.text).toContain(`${PUBLIC_URL}/verify-email?token=demo-token`);
      const sent = await demo.ctx.db
        .select({ n: sql<number>`count(*)::int` })
        .from(mailOutbox)
        .where(eq(mailOutbox.recipient, to));
      expect(sent[0]!.n).toBe(2);
    } finally {
      await demo.close();
    }
  });
});
