import type { Conversation, SessionUser } from '@openstake/core';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountTokens, users } from '../src/db/schema';
import { RESET_MAILS_PER_HOUR } from '../src/modules/auth/password-reset';
import { UNVERIFIED_COMPANY } from '../src/modules/messages/conversations';
import { sendDueMail } from '../src/modules/mail/send-due-mail';
import { createUser, uniqueEmail, uniqueLogin } from './helpers/factories';
import { proveGithub } from './helpers/prove-github';
import { startTestSmtpServer, type Mailbox } from './helpers/smtp-server';
import { buildTestApp, type TestApp } from './helpers/test-app';

/**
 * Links mailed to an account's address (issue 31, parts 3 and 4), over real SMTP: confirming the
 * address at sign-up and at sign-in, and "Forgot password?". The mails are read back from the
 * SMTP server the app sends to.
 */

const PUBLIC_URL = 'https://openstake.example.com';

// The app's clock runs this far ahead of the real one: a link's life passing.
let aheadMs = 0;
const clock = { now: () => new Date(Date.now() + aheadMs) };

let smtp: Mailbox;
let app: TestApp;

beforeAll(async () => {
  smtp = await startTestSmtpServer();
  app = await buildTestApp(
    { SMTP_URL: smtp.smtpUrl, PUBLIC_URL, AUTH_RATE_LIMIT_PER_IP: '1000' },
    { clock },
  );
});
afterAll(async () => {
  await app.close();
  await smtp.close();
});

const post = (url: string, payload: object, cookie?: string) =>
  app.server.inject({ method: 'POST', url, payload, headers: cookie ? { cookie } : {} });

/** Sends what is due, then the mails `to` received, oldest first. */
async function mailsTo(to: string) {
  await app.ctx.background.idle();
  await sendDueMail(app.ctx);
  return smtp
    .messages()
    .filter((m) => m.envelopeTo.includes(to))
    .reverse();
}

/** The token of the newest link to `path` mailed to `to`. */
async function linkToken(to: string, path: '/verify-email' | '/reset-password') {
  const mails = await mailsTo(to);
  const pattern = new RegExp(`${PUBLIC_URL}${path}\\?token=([A-Za-z0-9_-]{43})`);
  const tokens = mails.flatMap((m) => pattern.exec(m.text ?? '')?.[1] ?? []);
  const token = tokens.at(-1);
  if (!token) throw new Error(`no ${path} link was mailed to ${to}`);
  return token;
}

async function signUp(role: 'company' | 'contributor' = 'company') {
  const body = {
    role,
    email: uniqueEmail(role),
    password: `pw-${uniqueLogin()}-long`,
    ...(role === 'contributor' && { githubUsername: uniqueLogin() }),
  };
  const res = await post('/register', body);
  expect(res.statusCode, res.body).toBe(201);
  return body;
}

async function signIn(body: { role: string; email: string; password: string }) {
  const res = await post('/login', body);
  expect(res.statusCode, res.body).toBe(200);
  const cookie = res.cookies.find((c) => c.name === 'openstake_session')!;
  return {
    user: res.json<{ user: SessionUser }>().user,
    cookie: `${cookie.name}=${cookie.value}`,
  };
}

const me = async (cookie: string) =>
  app.server.inject({ method: 'GET', url: '/api/user', headers: { cookie } });

describe('confirming an address', () => {
  it('sign-up mails a link; it confirms the address once, and the session shows it', async () => {
    const company = await signUp();
    const mails = await mailsTo(company.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe('Confirm your email address for OpenStake');
    const { user, cookie } = await signIn(company);
    expect(user.emailVerified).toBe(false);
    // Signing in soon after sign-up sends no second link.
    expect(await mailsTo(company.email)).toHaveLength(1);

    const token = await linkToken(company.email, '/verify-email');
    const confirmed = await post('/api/auth/verify-email', { token });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json().message).toBe(`${company.email} is confirmed. Thank you.`);
    expect((await me(cookie)).json().user.emailVerified).toBe(true);

    const again = await post('/api/auth/verify-email', { token });
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toMatch(/expired or was already used/);
    // Only the token's hash is kept.
    const stored = await app.ctx.db.select().from(accountTokens);
    expect(stored.some((row) => row.tokenSha256 === token)).toBe(false);
  });

  it('refuses a link after its 24 hours, and a malformed one with what to do', async () => {
    const company = await signUp();
    const token = await linkToken(company.email, '/verify-email');
    aheadMs = 24 * 60 * 60_000 + 1_000;
    try {
      const late = await post('/api/auth/verify-email', { token });
      expect(late.statusCode).toBe(400);
      expect(late.json().message).toMatch(/expired or was already used/);
    } finally {
      aheadMs = 0;
    }
    const [row] = await app.ctx.db.select().from(users).where(eq(users.email, company.email));
    expect(row!.emailVerifiedAt).toBeNull();
    const malformed = await post('/api/auth/verify-email', { token: 'abc' });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().message).toMatch(/open it again from the email/);
  });

  it('asks an account that never confirmed again at sign-in, once a day, and resends on request', async () => {
    const contributor = await signUp('contributor');
    expect(await mailsTo(contributor.email)).toHaveLength(1);
    aheadMs = 25 * 60 * 60_000;
    try {
      const { cookie } = await signIn(contributor);
      expect(await mailsTo(contributor.email)).toHaveLength(2);
      await signIn(contributor);
      expect(await mailsTo(contributor.email)).toHaveLength(2);

      const resent = await post('/api/auth/resend-verification', {}, cookie);
      expect(resent.statusCode, resent.body).toBe(200);
      expect(await mailsTo(contributor.email)).toHaveLength(3);
      // Three links an hour at most.
      await post('/api/auth/resend-verification', {}, cookie);
      const refused = await post('/api/auth/resend-verification', {}, cookie);
      expect(refused.statusCode).toBe(429);
      expect(refused.json().message).toMatch(/Use the newest one/);

      // Any of the unexpired links confirms.
      expect(
        (
          await post('/api/auth/verify-email', {
            token: await linkToken(contributor.email, '/verify-email'),
          })
        ).statusCode,
      ).toBe(200);
      const done = await post('/api/auth/resend-verification', {}, cookie);
      expect(done.statusCode).toBe(409);
      expect(done.json().message).toBe(`${contributor.email} is already confirmed`);
    } finally {
      aheadMs = 0;
    }
  });

  it('sign-up with an address that has an account answers the same, creates nothing, and tells the owner', async () => {
    const owner = await signUp();
    const before = await mailsTo(owner.email);
    const again = await post('/register', { ...owner, password: 'another-Passw0rd' });
    const fresh = await post('/register', {
      role: 'company',
      email: uniqueEmail('company'),
      password: 'another-Passw0rd',
    });
    expect(again.statusCode).toBe(fresh.statusCode);
    expect(again.body).toBe(fresh.body);
    const after = await mailsTo(owner.email);
    expect(after).toHaveLength(before.length + 1);
    expect(after.at(-1)!.text).toMatch(/Someone tried to create an OpenStake account/);
    // The old password still signs in: nothing was changed.
    await signIn(owner);
    // At most one such mail an hour.
    await post('/register', { ...owner, password: 'yet-another-Passw0rd' });
    expect(await mailsTo(owner.email)).toHaveLength(after.length);
  });

  it('a company writes to contributors only once its address is confirmed', async () => {
    const contributor = await createUser(app, 'contributor');
    await proveGithub(app, contributor);
    const company = await createUser(app, 'company', { unconfirmedEmail: true });
    const write = () =>
      post(
        `/api/company/contributors/${contributor.user.id}/messages`,
        { text: 'We are hiring.' },
        company.cookie,
      );
    const refused = await write();
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(
      `Confirm your email address before writing to contributors: open the link we sent to ${company.email}, or ask for a new one from the banner at the top of the page.`,
    );

    const token = await linkToken(company.email, '/verify-email');
    expect((await post('/api/auth/verify-email', { token })).statusCode).toBe(200);
    expect((await write()).statusCode).toBe(201);
    const inbox = async () =>
      (
        await app.server.inject({
          method: 'GET',
          url: '/api/contributor/conversations',
          headers: { cookie: contributor.cookie },
        })
      ).json<{ data: Conversation[] }>().data;
    expect((await inbox())[0]!.with.name).toBe(company.email);

    // A company that wrote before addresses were confirmed is not named by its address.
    await app.ctx.db
      .update(users)
      .set({ emailVerifiedAt: null })
      .where(eq(users.id, company.user.id));
    expect((await inbox())[0]!.with.name).toBe(UNVERIFIED_COMPANY);
  });
});

describe('resetting a password', () => {
  it('answers the same whether or not the address has an account, and mails only a real one', async () => {
    const known = await signUp();
    const unknown = uniqueEmail('company');
    const a = await post('/api/auth/forgot-password', { email: known.email });
    const b = await post('/api/auth/forgot-password', { email: unknown });
    expect(a.statusCode).toBe(200);
    expect(b.statusCode).toBe(200);
    expect(a.json().message.replace(known.email, 'X')).toBe(b.json().message.replace(unknown, 'X'));
    expect((await mailsTo(known.email)).at(-1)!.subject).toBe('Reset your OpenStake password');
    expect(await mailsTo(unknown)).toHaveLength(0);
  });

  it('sets a new password once, within 30 minutes, and ends every session of the account', async () => {
    const account = await signUp();
    const first = await signIn(account);
    const second = await signIn(account);
    await post('/api/auth/forgot-password', { email: account.email });
    const token = await linkToken(account.email, '/reset-password');

    const weak = await post('/api/auth/reset-password', { token, password: 'password1' });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().message).toMatch(/most common passwords/);

    const reset = await post('/api/auth/reset-password', {
      token,
      password: 'a-New-passw0rd-here',
    });
    expect(reset.statusCode, reset.body).toBe(200);
    expect((await me(first.cookie)).statusCode).toBe(401);
    expect((await me(second.cookie)).statusCode).toBe(401);
    expect((await post('/login', account)).statusCode).toBe(401);
    const withNew = await signIn({ ...account, password: 'a-New-passw0rd-here' });
    // The link reached the address: it counts as confirmed.
    expect(withNew.user.emailVerified).toBe(true);

    const reused = await post('/api/auth/reset-password', {
      token,
      password: 'another-New-passw0rd',
    });
    expect(reused.statusCode).toBe(400);
    expect(reused.json().message).toMatch(/expired or was already used/);
  });

  it('refuses a link after 30 minutes, and an older link once a newer one was used', async () => {
    const account = await signUp();
    await post('/api/auth/forgot-password', { email: account.email });
    const older = await linkToken(account.email, '/reset-password');
    await post('/api/auth/forgot-password', { email: account.email });
    const newer = await linkToken(account.email, '/reset-password');
    expect(newer).not.toBe(older);

    aheadMs = 31 * 60_000;
    try {
      const late = await post('/api/auth/reset-password', {
        token: newer,
        password: 'late-Passw0rd-here',
      });
      expect(late.statusCode).toBe(400);
    } finally {
      aheadMs = 0;
    }
    await post('/api/auth/forgot-password', { email: account.email });
    const newest = await linkToken(account.email, '/reset-password');
    expect(
      (await post('/api/auth/reset-password', { token: newest, password: 'fresh-Passw0rd-here' }))
        .statusCode,
    ).toBe(200);
    expect(
      (await post('/api/auth/reset-password', { token: older, password: 'older-Passw0rd-here' }))
        .statusCode,
    ).toBe(400);
  });

  it(`mails an address at most ${String(RESET_MAILS_PER_HOUR)} links an hour, with the same answer`, async () => {
    const account = await signUp();
    const answers = [];
    for (let i = 0; i <= RESET_MAILS_PER_HOUR; i++) {
      answers.push(
        (await post('/api/auth/forgot-password', { email: account.email })).json().message,
      );
    }
    expect(new Set(answers).size).toBe(1);
    const resets = (await mailsTo(account.email)).filter(
      (m) => m.subject === 'Reset your OpenStake password',
    );
    expect(resets).toHaveLength(RESET_MAILS_PER_HOUR);
  });
});
