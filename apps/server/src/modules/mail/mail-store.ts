import { and, asc, eq, isNull, lte, or, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/database';
import { mailOutbox } from '../../db/schema';
import type { MailMessage } from './mail-template';

export type OutboxMail = typeof mailOutbox.$inferSelect;

/** The new row's id, or null when its dedupe key was queued before. */
export async function insertMail(db: Db | Tx, message: MailMessage): Promise<string | null> {
  const [row] = await db
    .insert(mailOutbox)
    .values({
      recipient: message.to,
      kind: message.kind,
      subject: message.subject,
      text: message.text,
      html: message.html,
      headers: message.headers,
      userId: message.userId ?? null,
      dedupeKey: message.dedupeKey ?? null,
    })
    .onConflictDoNothing({ target: mailOutbox.dedupeKey })
    .returning({ id: mailOutbox.id });
  return row?.id ?? null;
}

/**
 * Not sent, not given up, not held by a sender, and never tried or past its backoff. A message
 * never tried is due whatever the clocks say: its `next_attempt_at` is the database's time of
 * queueing, which may be a moment after the sender's clock (microseconds, or a test's clock).
 */
const due = (now: Date) =>
  and(
    isNull(mailOutbox.sentAt),
    isNull(mailOutbox.failedAt),
    or(eq(mailOutbox.attempts, 0), lte(mailOutbox.nextAttemptAt, now)),
    or(isNull(mailOutbox.claimedUntil), lte(mailOutbox.claimedUntil, now)),
  );

/**
 * Claims the message due soonest for one sender until `until`, counting the attempt, and gives
 * it its Message-ID on its first claim (`<id@domain>`, kept for every later attempt). The row is
 * chosen with `for update skip locked`, so senders running at once take different messages, and
 * the conditions are checked again on the locked row. Undefined when none is due.
 */
export async function claimDueMail(
  db: Db,
  input: { now: Date; until: Date; messageIdDomain: string },
): Promise<OutboxMail | undefined> {
  const next = db
    .select({ id: mailOutbox.id })
    .from(mailOutbox)
    .where(due(input.now))
    .orderBy(asc(mailOutbox.nextAttemptAt))
    .limit(1)
    .for('update', { skipLocked: true });
  const [claimed] = await db
    .update(mailOutbox)
    .set({
      claimedUntil: input.until,
      attempts: sql`${mailOutbox.attempts} + 1`,
      messageId: sql`coalesce(${mailOutbox.messageId}, '<' || ${mailOutbox.id} || '@' || ${input.messageIdDomain} || '>')`,
    })
    // `= (select ...)`, evaluated once: `in (select ... limit 1)` may be run again for each row
    // it is compared with and so claim several.
    .where(and(eq(mailOutbox.id, sql`(${next})`), due(input.now)))
    .returning();
  return claimed;
}

export async function markMailSent(db: Db, id: string, now: Date): Promise<void> {
  await db
    .update(mailOutbox)
    .set({ sentAt: now, claimedUntil: null, lastError: null })
    .where(and(eq(mailOutbox.id, id), isNull(mailOutbox.sentAt)));
}

/** Records a failed attempt: retried from `retryAt`, or given up (`retryAt` null). */
export async function markMailFailed(
  db: Db,
  id: string,
  input: { now: Date; error: string; retryAt: Date | null },
): Promise<void> {
  await db
    .update(mailOutbox)
    .set({
      claimedUntil: null,
      lastError: input.error,
      ...(input.retryAt ? { nextAttemptAt: input.retryAt } : { failedAt: input.now }),
    })
    .where(and(eq(mailOutbox.id, id), isNull(mailOutbox.sentAt)));
}
