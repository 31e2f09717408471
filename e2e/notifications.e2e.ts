import type { DemoMail } from '@openstake/core';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  PASSWORD,
  signInWithGithubAs,
  signUpConfirmedCompany,
  untilDemoContributorListed,
} from './helpers/accounts';
import { toast, useBrowser } from './helpers/browser';
import { openMailedLink, readDemoMailbox } from './helpers/mail';

const browser = useBrowser();

/**
 * Notification mails in Chromium (issue 31, part 5): a company's message mails the contributor,
 * the mail's link opens the conversation, and the contributor's switch stops the mail.
 */

// One of the demo's added contributors (apps/server/src/modules/demo/demo-contributors.ts): listed,
// open to companies' messages, and linked to their simulator account at the demo's start, so
// their address is confirmed (as GitHub's is). No other file writes to them, so the mail counted
// here is the mail this file caused.
const CONTRIBUTOR = 'amara-okoye';

const wroteToYou = (companyEmail: string) => `${companyEmail} wrote to you on OpenStake`;

/** What the demo mailbox holds for `to` with the subject `subject`, now. */
const mailsTo = (mails: DemoMail[], to: string, subject: string | RegExp) =>
  mails.filter(
    (m) =>
      m.to.includes(to) &&
      (typeof subject === 'string' ? m.subject === subject : subject.test(m.subject)),
  );

/** Waits until the demo mailbox holds a mail to `to` whose subject is `subject`. */
async function untilMailed(to: string, subject: string | RegExp): Promise<void> {
  await expect
    .poll(async () => mailsTo(await readDemoMailbox(), to, subject).length, {
      timeout: 20_000,
      interval: 250,
    })
    .toBeGreaterThan(0);
}

/** The company writes to the contributor from their profile in the hire directory. */
async function writeFromDirectory(company: Page, text: string): Promise<void> {
  await company.goto(`/company/dashboard?q=${CONTRIBUTOR}`);
  await company.getByRole('button', { name: `View Profile of ${CONTRIBUTOR}` }).click();
  const profile = company.getByRole('dialog');
  await profile.getByRole('button', { name: 'Contact Contributor' }).click();
  await profile.getByRole('textbox', { name: /^Message to / }).fill(text);
  await profile.getByRole('button', { name: 'Send' }).click();
  await toast(company, 'Message sent');
  await profile.getByText(text, { exact: true }).waitFor();
}

/** What the first test leaves for the second (its pages close with it). */
let first: { contributorEmail: string; companyEmail: string } | undefined;

describe('notification mails, end to end', () => {
  it("a company writes from the hire directory; the contributor's mail links to the conversation, open", async () => {
    const company = await browser.newPage();
    const companyEmail = await signUpConfirmedCompany(company, 'notify');
    await untilDemoContributorListed(company, CONTRIBUTOR);
    const hello = `Hello from ${companyEmail}: would you review our API docs?`;
    await writeFromDirectory(company, hello);
    const [conversation] = (
      (await (await company.request.get('/api/company/conversations')).json()) as {
        data: { id: string }[];
      }
    ).data;

    // The contributor signs in, then opens the mail from the demo mailbox and its link.
    const contributor = await browser.newPage();
    await signInWithGithubAs(contributor, CONTRIBUTOR, 'contributor');
    const me = (await (await contributor.request.get('/api/user')).json()) as {
      user: { email: string; emailVerified: boolean };
    };
    expect(me.user.emailVerified).toBe(true);
    await openMailedLink(contributor, me.user.email, wroteToYou(companyEmail));

    // The Messages tab, with that conversation open: no click on the list.
    await contributor.waitForURL(/\/contributor\/dashboard\?tab=messages&conversation=/);
    expect(new URL(contributor.url()).searchParams.get('conversation')).toBe(conversation?.id);
    await contributor.getByRole('tab', { name: /^Messages/, selected: true }).waitFor();
    await contributor.getByRole('heading', { name: companyEmail, level: 3 }).waitFor();
    await contributor
      .getByRole('list', { name: `Messages with ${companyEmail}` })
      .getByText(hello, { exact: true })
      .waitFor();
    // Opened, it is read: the header's Messages link counts nothing unread.
    await contributor
      .getByRole('banner')
      .getByRole('link', { name: 'Messages', exact: true })
      .waitFor();

    first = { contributorEmail: me.user.email, companyEmail };
  });

  it('the contributor turns "Messages from companies" off: companies writing again mail nothing', async () => {
    if (!first) throw new Error('the first test did not finish');
    const { contributorEmail, companyEmail } = first;
    const contributor = await browser.newPage();
    await signInWithGithubAs(contributor, CONTRIBUTOR, 'contributor');
    const company = await browser.newPage();
    const signedIn = await company.request.post('/login', {
      data: { role: 'company', email: companyEmail, password: PASSWORD },
    });
    expect(signedIn.status()).toBe(200);

    // Where a notification mail's footer leads: the contributor's Notifications tab.
    await contributor.goto('/settings/notifications');
    await contributor.waitForURL('**/contributor/settings#notifications');
    await contributor.getByRole('tab', { name: 'Notifications', selected: true }).waitFor();
    const card = contributor.locator('#notifications');
    await card.getByRole('heading', { name: 'Email notifications' }).waitFor();
    const fromCompanies = { name: 'Messages from companies' };
    const saved = contributor.waitForResponse(
      (res) => res.url().endsWith('/api/notification-settings') && res.request().method() === 'PUT',
    );
    await card.getByRole('switch', { ...fromCompanies, checked: true }).click();
    expect((await saved).status()).toBe(200);
    expect((await saved).request().postDataJSON()).toEqual({ 'company-message': false });
    await card.getByRole('switch', { ...fromCompanies, checked: false }).waitFor();
    // Saved on the server: a reload shows it off.
    await contributor.reload();
    await contributor
      .locator('#notifications')
      .getByRole('switch', { ...fromCompanies, checked: false })
      .waitFor();

    // The first company writes again in the conversation the contributor read, and another
    // company starts a new one: each would mail the contributor with the switch on.
    await writeFromDirectory(company, 'One more question about the docs.');
    const other = await browser.newPage();
    const otherEmail = await signUpConfirmedCompany(other, 'notify-other');
    await writeFromDirectory(other, `Hello from ${otherEmail}: are you open to a contract?`);

    // The contributor replies to the other company, which mails it: queued after the messages
    // above, so once it has arrived the mail they queued would have been sent before it.
    await contributor.goto('/contributor/dashboard?tab=messages');
    await contributor
      .getByRole('list', { name: 'Conversations' })
      .getByRole('button')
      .filter({ hasText: otherEmail })
      .click();
    const reply = contributor.getByRole('form', { name: 'Reply' });
    await reply.getByRole('textbox', { name: 'Reply' }).fill('Yes, happy to talk.');
    await reply.getByRole('button', { name: 'Send' }).click();
    await untilMailed(otherEmail, / replied to you on OpenStake$/);

    const mails = await readDemoMailbox();
    expect(mailsTo(mails, contributorEmail, wroteToYou(companyEmail))).toHaveLength(1);
    expect(mailsTo(mails, contributorEmail, wroteToYou(otherEmail))).toHaveLength(0);
  });
});
