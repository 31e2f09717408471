import {
  startMailbox,
  type Mailbox,
  type MailboxOptions,
} from '../../src/integrations/mail/mailbox-server';

export type { Mailbox, ReceivedMail } from '../../src/integrations/mail/mailbox-server';

/**
 * A real SMTP server for a test (smtp-server on a free loopback port), which keeps what it
 * receives parsed by mailparser: give the app its `smtpUrl` as SMTP_URL, read `messages()`.
 * With `auth` it asks for that user and password. The same server demo mode runs; close it
 * after the test file.
 */
export function startTestSmtpServer(options: MailboxOptions = {}): Promise<Mailbox> {
  return startMailbox(options);
}
