import { describe, expect, it } from 'vitest';
import { appLink, escapeHtml, renderMail } from './mail-template';
import { resetPasswordMail } from './templates/reset-password';
import { verifyEmailMail } from './templates/verify-email';

const ctx = { publicUrl: () => 'https://openstake.example.com' };
const HOSTILE = `<script>alert("x")</script><img src=x onerror='alert(1)'> & "quoted"`;

describe('mail templates', () => {
  it('escape text a user wrote in the HTML part and keep it as written in the text part', () => {
    const mail = renderMail(
      'test-notification',
      {
        subject: `A message from ${HOSTILE}`,
        blocks: [
          { paragraph: `Acme wrote:\n${HOSTILE}` },
          { button: `Open ${HOSTILE}`, url: appLink(ctx, '/contributor/messages') },
          { note: HOSTILE },
        ],
        notification: true,
      },
      { to: 'dev@example.com' },
      ctx,
    );
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).not.toContain('<img');
    expect(mail.html).not.toContain(`onerror='`);
    expect(mail.html).toContain(
      '&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;&lt;img src=x onerror=&#39;alert(1)&#39;&gt; &amp; &quot;quoted&quot;',
    );
    // The only elements are the template's own.
    const tags = new Set([...mail.html.matchAll(/<([a-z]+)[\s>]/g)].map((m) => m[1]));
    expect([...tags].sort()).toEqual(
      ['a', 'body', 'br', 'head', 'html', 'meta', 'p', 'table', 'td', 'title', 'tr'].sort(),
    );
    expect(mail.text).toContain(`Acme wrote:\n${HOSTILE}`);
    expect(mail.subject).toBe(`A message from ${HOSTILE}`);
  });

  it('write a subject on one line, so no text can add a header', () => {
    const mail = renderMail(
      'x',
      { subject: 'Hello\r\nBcc: victim@example.com', blocks: [] },
      { to: 'a@example.com' },
      ctx,
    );
    expect(mail.subject).toBe('Hello Bcc: victim@example.com');
  });

  it('refuse a button that leads outside PUBLIC_URL', () => {
    expect(() =>
      renderMail(
        'x',
        { subject: 's', blocks: [{ button: 'Go', url: 'https://evil.example/phish' }] },
        { to: 'a@example.com' },
        ctx,
      ),
    ).toThrow('leads outside the app');
    // A look-alike host that starts with the same letters is outside too.
    expect(() =>
      renderMail(
        'x',
        {
          subject: 's',
          blocks: [{ button: 'Go', url: 'https://openstake.example.com.evil.example/' }],
        },
        { to: 'a@example.com' },
        ctx,
      ),
    ).toThrow('leads outside the app');
  });

  it('add List-Unsubscribe and the settings link to notifications only', () => {
    const notification = renderMail(
      'n',
      { subject: 's', blocks: [{ paragraph: 'p' }], notification: true },
      { to: 'a@example.com' },
      ctx,
    );
    expect(notification.headers).toEqual({
      'List-Unsubscribe': '<https://openstake.example.com/settings/notifications>',
    });
    expect(notification.text).toContain('https://openstake.example.com/settings/notifications');
    const asked = resetPasswordMail({ to: 'a@example.com', token: 't' }, ctx);
    expect(asked.headers).toEqual({});
    expect(asked.text).not.toContain('/settings/notifications');
  });

  it('build the verify-email and reset-password links from PUBLIC_URL, the token encoded', () => {
    const token = 'a+b/c=d&e';
    const verify = verifyEmailMail({ to: 'a@example.com', userId: 'u1', token }, ctx);
    const link = `https://openstake.example.com/verify-email?token=${encodeURIComponent(token)}`;
    expect(verify.kind).toBe('verify-email');
    expect(verify.userId).toBe('u1');
    expect(verify.text).toContain(link);
    expect(verify.html).toContain(`href="${escapeHtml(link)}"`);
    expect(verify.text).toContain('24 hours');
    const reset = resetPasswordMail({ to: 'a@example.com', token }, ctx);
    expect(reset.text).toContain(
      `https://openstake.example.com/reset-password?token=${encodeURIComponent(token)}`,
    );
    expect(reset.text).toContain('30 minutes');
  });
});
