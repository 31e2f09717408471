import type { AppContext } from '../../context';
import { MailSendError, parseSmtpUrl, withoutSecret } from '../../integrations/mail/mail-transport';
import { claimDueMail, markMailFailed, markMailSent, type OutboxMail } from './mail-store';

type Ctx = Pick<AppContext, 'db' | 'clock' | 'log' | 'config' | 'mail' | 'publicUrl'>;

const MINUTE = 60_000;

/**
 * After the n-th failed attempt a message waits RETRY_DELAYS_MS[n - 1]; after the last it is
 * given up (`failed_at`): 8 attempts over about 45 hours.
 */
export const RETRY_DELAYS_MS = [1, 5, 30, 120, 360, 720, 1440].map((m) => m * MINUTE);
export const MAX_ATTEMPTS = RETRY_DELAYS_MS.length + 1;

/**
 * One sender's lease on a claimed message. It outlasts a send to a server that stopped answering
 * (the transport's timeouts, under a minute), so no other sender takes a message while it is
 * being sent; a sender that died leaves it to the next run after this.
 */
const LEASE_MS = 5 * MINUTE;

/** Messages one run sends at most; the rest wait for the next run. */
const BATCH = 50;

/** The From of every mail: MAIL_FROM, else `OpenStake <no-reply@host of PUBLIC_URL>`. */
export function mailFrom(ctx: Pick<AppContext, 'config' | 'publicUrl'>): string {
  return ctx.config.MAIL_FROM ?? `OpenStake <no-reply@${new URL(ctx.publicUrl()).hostname}>`;
}

const domainOf = (from: string): string =>
  /@([^\s<>@]+)>?\s*$/.exec(from)?.[1] ?? 'openstake.invalid';

/**
 * The `send-mail` job (and ctx.mail.nudge()): claims due messages one at a time, sends each over
 * SMTP and marks it sent. A failure is recorded on the message (`last_error`, without the SMTP
 * password) and retried after RETRY_DELAYS_MS, or given up for good when the server refused the
 * recipient or after MAX_ATTEMPTS; when the server cannot be reached the run stops, leaving the
 * rest for later. Without a transport (no SMTP_URL) nothing is sent and nothing is lost.
 *
 * Exactly once, within a bound: a message is claimed by one sender at a time (claimDueMail), so
 * two servers running this at once send each message once. A process that dies after the SMTP
 * server accepted a message and before it is marked sent leaves it claimed; after the lease it
 * is sent again, with the same Message-ID, so that a receiver can drop the copy. That window (one
 * message per dying sender) is the bound: at least once, and twice only across a crash.
 * Returns how many messages were sent.
 */
export async function sendDueMail(ctx: Ctx): Promise<number> {
  const { transport } = ctx.mail;
  if (!transport) return 0;
  const from = mailFrom(ctx);
  const messageIdDomain = domainOf(from);
  const password = ctx.config.SMTP_URL ? parseSmtpUrl(ctx.config.SMTP_URL).password : undefined;
  let sent = 0;
  for (let i = 0; i < BATCH; i++) {
    const now = ctx.clock.now();
    const mail = await claimDueMail(ctx.db, {
      now,
      until: new Date(now.getTime() + LEASE_MS),
      messageIdDomain,
    });
    if (!mail) break;
    try {
      await transport.send({
        from,
        to: mail.recipient,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
        headers: mail.headers,
        messageId: mail.messageId ?? `<${mail.id}@${messageIdDomain}>`,
      });
    } catch (error) {
      const unreachable = await recordFailure(ctx, mail, error, password);
      if (unreachable) break;
      continue;
    }
    await markMailSent(ctx.db, mail.id, ctx.clock.now());
    ctx.log.info({ mail: mail.id, kind: mail.kind, attempts: mail.attempts }, 'mail sent');
    sent++;
  }
  return sent;
}

/** Records a failed send; true when the SMTP server could not be reached at all. */
async function recordFailure(
  ctx: Ctx,
  mail: OutboxMail,
  error: unknown,
  password: string | undefined,
): Promise<boolean> {
  const failure = error instanceof MailSendError ? error.failure : 'failed';
  const message = withoutSecret(
    error instanceof Error ? error.message : String(error),
    password,
  ).slice(0, 500);
  const now = ctx.clock.now();
  const delay = failure === 'refused' ? undefined : RETRY_DELAYS_MS[mail.attempts - 1];
  const retryAt = delay === undefined ? null : new Date(now.getTime() + delay);
  await markMailFailed(ctx.db, mail.id, { now, error: message, retryAt });
  ctx.log.warn(
    { mail: mail.id, kind: mail.kind, attempts: mail.attempts, error: message },
    retryAt ? 'mail could not be sent; it will be retried' : 'mail could not be sent; given up',
  );
  return failure === 'unreachable';
}
