import type { DemoMailbox } from '@openstake/core';
import type { AppContext } from '../../context';
import { AppError } from '../../errors';

/**
 * GET /api/demo/mailbox: what demo mode's in-process SMTP server received, newest first. It
 * exists only in demo mode, where mail goes to that server (and never further): with SMTP_URL
 * set, or outside demo mode, there is no demo mailbox and the answer is a 404.
 */
export function listDemoMailbox(ctx: Pick<AppContext, 'mail'>): DemoMailbox {
  const mailbox = ctx.mail.demoMailbox;
  if (!mailbox) {
    throw new AppError('NOT_FOUND', { message: 'The demo mailbox exists only in demo mode' });
  }
  return {
    messages: mailbox.messages().map((m) => ({
      id: m.id,
      receivedAt: m.receivedAt.toISOString(),
      from: m.from,
      to: m.to,
      subject: m.subject,
      text: m.text,
    })),
  };
}
