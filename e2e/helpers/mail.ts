import type { DemoMail } from '@openstake/core';
import { createSmtpTransport } from '@openstake/server/src/integrations/mail/mail-transport';
import type { MailMessage } from '@openstake/server/src/modules/mail/mail-template';
import { inject } from 'vitest';

/**
 * Hands a message, made by one of the server's own templates, to demo mode's mailbox over SMTP,
 * as the server's send-mail job does with its outbox.
 */
export async function sendToDemoMailbox(message: MailMessage): Promise<void> {
  const transport = createSmtpTransport(inject('demoSmtpUrl'));
  try {
    await transport.send({
      from: 'OpenStake <no-reply@127.0.0.1>',
      to: message.to,
      subject: message.subject,
      text: message.text,
      html: message.html,
      headers: message.headers,
      messageId: `<e2e-${String(Date.now())}@127.0.0.1>`,
    });
  } finally {
    transport.close();
  }
}

/** What demo mode's mailbox holds now, newest first (GET /api/demo/mailbox). */
export async function readDemoMailbox(): Promise<DemoMail[]> {
  const res = await fetch(`${inject('baseUrl')}/api/demo/mailbox`);
  if (!res.ok) throw new Error(`GET /api/demo/mailbox answered ${String(res.status)}`);
  const body = (await res.json()) as { data: { messages: DemoMail[] } };
  return body.data.messages;
}
