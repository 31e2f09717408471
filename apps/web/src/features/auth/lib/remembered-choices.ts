import type { Role } from '@openstake/core';
import Cookies from 'js-cookie';

import { DEFAULT_ROLE, isRole } from './auth-form';

/** Spec 000 s9: preference cookies live 30 days. Never the password, never a token. */
export const REMEMBER_DAYS = 30;
export const REMEMBER_COOKIES = {
  role: 'role',
  githubUsername: 'githubUsername',
  email: 'email',
} as const;

export interface RememberedChoices {
  role: Role;
  githubUsername: string;
  email: string;
}

type ReadCookie = (name: string) => string | undefined;
interface CookieStore {
  set: (name: string, value: string, attributes: Cookies.CookieAttributes) => void;
  remove: (name: string, attributes: Cookies.CookieAttributes) => void;
}

const isHttps = (): boolean => typeof location !== 'undefined' && location.protocol === 'https:';

export function rememberCookieAttributes(): Cookies.CookieAttributes {
  return { expires: REMEMBER_DAYS, path: '/', sameSite: 'Lax', secure: isHttps() };
}

/** The last role, GitHub username and email used on the login or sign-up form. */
export function readRememberedChoices(
  read: ReadCookie = (name) => Cookies.get(name),
): RememberedChoices {
  const role = read(REMEMBER_COOKIES.role);
  return {
    role: isRole(role) ? role : DEFAULT_ROLE,
    githubUsername: read(REMEMBER_COOKIES.githubUsername) ?? '',
    email: read(REMEMBER_COOKIES.email) ?? '',
  };
}

export function rememberChoices(choices: RememberedChoices, store: CookieStore = Cookies): void {
  const attributes = rememberCookieAttributes();
  const write = (name: string, value: string) => {
    if (value === '') store.remove(name, { path: '/' });
    else store.set(name, value, attributes);
  };
  write(REMEMBER_COOKIES.role, choices.role);
  write(REMEMBER_COOKIES.githubUsername, choices.githubUsername.trim());
  write(REMEMBER_COOKIES.email, choices.email.trim());
}
