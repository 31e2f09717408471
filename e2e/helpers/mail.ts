import type { DemoMail } from '@openstake/core';
import type { Page } from 'playwright-core';
import { createSmtpTransport } from '@openstake/server/src/integrations/mail/mail-transport';
import type { MailMessage } from '@openstake/server/src/modules/mail/mail-template';
import { expect, inject } from 'vitest';

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

/**
 * The token of the newest link to `path` that demo mode's mailbox received for `to`, waiting up to
 * 20 s for it (the server sends a queued mail right after the request that queued it).
 */
export async function mailedLinkToken(
  to: string,
  path: '/verify-email' | '/reset-password',
): Promise<string> {
  const pattern = new RegExp(`${path}\\?token=([A-Za-z0-9_-]{43})`);
  const until = Date.now() + 20_000;
  for (;;) {
    const mail = (await readDemoMailbox()).find((m) => m.to.includes(to) && pattern.test(m.text));
    const token = mail && pattern.exec(mail.text)?.[1];
    if (token) return token;
    if (Date.now() > until) throw new Error(`no ${path} link reached ${to} in 20 s`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** Confirms `email` as its owner does: with the link sign-up mailed to it. */
export async function confirmAddress(email: string): Promise<void> {
  const token = await mailedLinkToken(email, '/verify-email');
  const res = await fetch(`${inject('baseUrl')}/api/auth/verify-email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: inject('baseUrl') },
    body: JSON.stringify({ token }),
  });
  if (!res.ok) throw new Error(`confirming ${email} answered ${String(res.status)}`);
}

/** Opens the newest mail to `to` whose subject is `subject` on /demo/mailbox, then its link. */
export async function openMailedLink(page: Page, to: string, subject: string): Promise<void> {
  await expect
    .poll(
      async () => {
        await page.goto('/demo/mailbox');
        await page.getByRole('heading', { name: 'Demo mailbox', level: 1 }).waitFor();
        return page
          .getByRole('list', { name: 'Messages' })
          .getByRole('link')
          .filter({ hasText: `To ${to}` })
          .filter({ hasText: subject })
          .count();
      },
      { timeout: 20_000, interval: 500 },
    )
    .toBeGreaterThan(0);
  await page
    .getByRole('list', { name: 'Messages' })
    .getByRole('link')
    .filter({ hasText: `To ${to}` })
    .filter({ hasText: subject })
    .first()
    .click();
  await page.waitForURL(/\?message=/);
  await page.getByTestId('demo-mail-text').getByRole('link').first().click();
}
