import { describe, expect, it } from 'vitest';
import { verifyEmailMail } from '@openstake/server/src/modules/mail/templates/verify-email';
import { baseUrl, uniqueEmail, untilInteractive, useBrowser } from './helpers/browser';
import { readDemoMailbox, sendToDemoMailbox } from './helpers/mail';

const browser = useBrowser();

describe('the demo mailbox', () => {
  it('is linked from the demo banner, lists a received mail and opens it with its link clickable', async () => {
    const to = uniqueEmail('mailbox');
    const token = `e2e-${String(Date.now())}`;
    await sendToDemoMailbox(verifyEmailMail({ to, token }, { publicUrl: baseUrl }));
    const [received] = (await readDemoMailbox()).filter((m) => m.to === to);
    expect(received?.subject).toBe('Confirm your email address for OpenStake');

    const page = await browser.newPage();
    await page.goto('/');
    await untilInteractive(page);
    await page.getByTestId('demo-banner').getByRole('link', { name: 'Demo mailbox' }).click();
    await page.waitForURL(/\/demo\/mailbox$/);
    await page.getByRole('heading', { name: 'Demo mailbox', level: 1 }).waitFor();

    const item = page
      .getByRole('list', { name: 'Messages' })
      .getByRole('link')
      .filter({
        hasText: `To ${to}`,
      });
    await item.click();
    await page.waitForURL(/\?message=/);
    const text = page.getByTestId('demo-mail-text');
    expect(await text.textContent()).toContain('expires in 24 hours');

    const link = `${baseUrl()}/verify-email?token=${token}`;
    const anchor = text.getByRole('link', { name: link });
    expect(await anchor.getAttribute('href')).toBe(link);
    const [request] = await Promise.all([
      page.waitForRequest((r) => r.url() === link && r.isNavigationRequest()),
      anchor.click(),
    ]);
    expect(request.url()).toBe(link);
  });
});
