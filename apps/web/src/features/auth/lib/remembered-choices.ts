import type { Role } from '@openstake/core';

import {
  browserCookieJar,
  DAY_SECONDS,
  readCookie,
  removeCookie,
  writeCookie,
  type CookieJar,
  type ReadCookie,
} from '@/lib/cookies';
import { DEFAULT_ROLE, isRole } from './auth-form';

/** Preference cookies live 30 days. Never the password, never a token. */
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

const REMEMBER_OPTIONS = { path: '/', sameSite: 'Lax' } as const;

/** The last role, GitHub username and email used on the login or sign-up form. */
export function readRememberedChoices(read: ReadCookie = readCookie): RememberedChoices {
  const role = read(REMEMBER_COOKIES.role);
  return {
    role: isRole(role) ? role : DEFAULT_ROLE,
    githubUsername: read(REMEMBER_COOKIES.githubUsername) ?? '',
    email: read(REMEMBER_COOKIES.email) ?? '',
  };
}

export function rememberChoices(
  choices: RememberedChoices,
  jar: CookieJar = browserCookieJar,
): void {
  const write = (name: string, value: string) => {
    if (value === '') removeCookie(name, REMEMBER_OPTIONS, jar);
    else
      writeCookie(
        name,
        value,
        { ...REMEMBER_OPTIONS, maxAgeSeconds: REMEMBER_DAYS * DAY_SECONDS },
        jar,
      );
  };
  write(REMEMBER_COOKIES.role, choices.role);
  write(REMEMBER_COOKIES.githubUsername, choices.githubUsername.trim());
  write(REMEMBER_COOKIES.email, choices.email.trim());
}
