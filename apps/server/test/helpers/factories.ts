import { randomBytes } from 'node:crypto';
import type { Role, SessionUser } from '@openstake/core';
import { eq, sql } from 'drizzle-orm';
import { users } from '../../src/db/schema';
import { inTransaction } from '../../src/db/transaction';
import { grantXp } from '../../src/modules/xp/grant-xp';
import type { TestApp } from './test-app';

export const uniqueEmail = (prefix = 'user'): string =>
  `${prefix}-${randomBytes(5).toString('hex')}@example.com`;
export const uniqueLogin = (prefix = 'dev'): string =>
  `${prefix}-${randomBytes(4).toString('hex')}`;

export interface Account {
  user: SessionUser;
  email: string;
  password: string;
  token: string;
  cookie: string;
}

/** How old an account is by default: past the new-account surcharge of a stake's price. */
export const SETTLED_ACCOUNT_AGE_DAYS = 365;

/**
 * Signs a new user up and in through the real HTTP routes. The account is dated a year back
 * unless `newAccount` is set: a stake's price doubles while an account is under 30 days old
 * (decision 015), and most tests are about something else than a newcomer's price.
 */
export async function createUser(
  app: TestApp,
  role: Role = 'contributor',
  options: { githubUsername?: string; newAccount?: boolean; unconfirmedEmail?: boolean } = {},
): Promise<Account> {
  const email = uniqueEmail(role);
  const password = `pw-${randomBytes(6).toString('hex')}`;
  const body = {
    role,
    email,
    password,
    ...(role === 'company' ? {} : { githubUsername: options.githubUsername ?? uniqueLogin() }),
  };
  const registered = await app.server.inject({ method: 'POST', url: '/register', payload: body });
  if (registered.statusCode !== 201) throw new Error(`register failed: ${registered.body}`);
  const login = await app.server.inject({ method: 'POST', url: '/login', payload: body });
  if (login.statusCode !== 200) throw new Error(`login failed: ${login.body}`);
  const signedIn = login.json<{ user: SessionUser; token: string }>();
  const { token } = signedIn;
  let { user } = signedIn;
  // Unless asked otherwise, the account is a year old and its owner confirmed the address (by
  // the link the sign-up mailed: tests of that link are in account-links.test.ts).
  const [settled] = await app.ctx.db
    .update(users)
    .set({
      ...(!options.newAccount && {
        createdAt: sql`now() - make_interval(days => ${SETTLED_ACCOUNT_AGE_DAYS})`,
      }),
      emailVerifiedAt: options.unconfirmedEmail ? null : sql`now()`,
    })
    .where(eq(users.id, user.id))
    .returning({ createdAt: users.createdAt, emailVerifiedAt: users.emailVerifiedAt });
  user = {
    ...user,
    createdAt: settled!.createdAt.toISOString(),
    emailVerified: settled!.emailVerifiedAt !== null,
  };
  const cookie = login.cookies.find((c) => c.name === 'openstake_session')!;
  return { user, email, password, token, cookie: `${cookie.name}=${cookie.value}` };
}

/**
 * Gives a contributor counted XP, as starting XP is granted: for tests where one contributor holds
 * more open stakes than a Code Novice may (3, decision 015), and the test is about something else.
 * 5,000 XP is an Open Source Legend's 25 open stakes. No maintainer made it, so it lowers no price.
 */
export async function grantTestXp(app: TestApp, account: Account, amount: number): Promise<void> {
  await inTransaction(app.ctx.db, (tx) =>
    grantXp(tx, {
      userId: account.user.id,
      amount,
      kind: 'starting_xp',
      reference: `test:${account.user.id}`,
      idempotencyKey: `test-xp:${account.user.id}:${String(amount)}`,
    }),
  );
}
