import { randomBytes } from 'node:crypto';
import type { Role, SessionUser } from '@openstake/core';
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

/** Signs a new user up and in through the real HTTP routes. */
export async function createUser(
  app: TestApp,
  role: Role = 'contributor',
  options: { githubUsername?: string } = {},
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
  const { user, token } = login.json<{ user: SessionUser; token: string }>();
  const cookie = login.cookies.find((c) => c.name === 'openstake_session')!;
  return { user, email, password, token, cookie: `${cookie.name}=${cookie.value}` };
}
