import { dictionary } from '@zxcvbn-ts/language-common';
import { AppError } from '../../errors';

/**
 * The ~49,000 passwords seen most often in leaks (zxcvbn's list, all lowercase). It lives on the
 * server only: shipped to the browser it would add hundreds of kilobytes to the sign-up page.
 */
const COMMON_PASSWORDS: ReadonlySet<string> = new Set(dictionary['passwords-common']);

/** Words anyone who knows where the account lives would try first (ASVS 6.2.11). */
const PRODUCT_WORDS = ['openstake', 'open-stake', 'open stake'];

/**
 * A guesser tries a common word with digits or symbols around it ('Summer2024!', '#password1')
 * right after the word itself, so those count as the word.
 */
const bare = (value: string): string => value.replace(/^[^\p{L}]+|[^\p{L}]+$/gu, '');

/** The lowercase password, and its bare word when digits or symbols surround one. */
function variants(value: string): string[] {
  const lower = value.toLowerCase();
  const word = bare(lower);
  return word && word !== lower ? [lower, word] : [lower];
}

/**
 * Refuses, at sign-up, a password that is among the most common ones, or that is the account's
 * email, the email's local part, its GitHub username or the product's name (case-insensitive,
 * with or without digits and symbols around it). Sign-in never applies it: an existing password
 * must stay usable (docs/decisions/002-password-rules.md).
 */
export function assertAcceptablePassword(input: {
  password: string;
  email: string;
  githubUsername?: string | undefined;
}): void {
  const candidates = variants(input.password);
  if (candidates.some((c) => COMMON_PASSWORDS.has(c))) {
    throw refused(
      'This password is one of the most common passwords. Choose one that is harder to guess.',
    );
  }
  const localPart = input.email.slice(0, input.email.lastIndexOf('@'));
  const personal = [input.email, localPart, input.githubUsername ?? '', ...PRODUCT_WORDS]
    .filter((w) => w !== '')
    .flatMap(variants);
  if (candidates.some((c) => personal.includes(c))) {
    throw refused(
      'The password must not be your email, your GitHub username or the name OpenStake. Choose one that is harder to guess.',
    );
  }
}

const refused = (message: string) =>
  new AppError('BAD_REQUEST', { message: `password: ${message}`, field: 'password' });
