import { z } from 'zod';
import type { Db, Tx } from '../../db/database';
import { insertMail } from './mail-store';
import type { MailMessage } from './mail-template';

/** One recipient's address: a list ("a@x, b@y") would send the mail to every address in it. */
const recipientSchema = z.email();

/**
 * Puts a message (made by a template, templates/) in the outbox, to be sent by the `send-mail`
 * job. Run it with the caller's transaction: the mail is queued if and only if the change that
 * causes it commits, and sent after that (ctx.mail.nudge() after the commit sends it at once;
 * otherwise the job finds it within seconds). A message whose `dedupeKey` was queued before is
 * dropped. Returns the new row's id, or null when it was dropped.
 *
 *   await queueMail(tx, verifyEmailMail({ to: user.email, userId: user.id, token }, ctx));
 */
export async function queueMail(db: Db | Tx, message: MailMessage): Promise<string | null> {
  if (!recipientSchema.safeParse(message.to).success) {
    throw new Error(`mail ${message.kind}: the recipient is not one mail address`);
  }
  return insertMail(db, message);
}
