import { format } from 'node:util';

/**
 * Web unit tests fail on an unexpected `console.error`, as the server tests fail on an unexpected
 * error log: React reports broken markup, missing keys and failed renders there. A test that
 * provokes an error on purpose declares it with `expectConsoleError(...)`; the declared error must
 * then happen, so a declaration cannot outlive the error it was written for.
 */

interface Expected {
  match: string | RegExp;
  seen: boolean;
}

let calls: string[] = [];
let expected: Expected[] = [];

/** Declares that the current test logs an error matching `match` (text contained, or a pattern). */
export function expectConsoleError(match: string | RegExp): void {
  expected.push({ match, seen: false });
}

/** For the setup file: what console.error records during a test. */
export function recordConsoleError(args: unknown[]): void {
  calls.push(format(...args));
}

const matches = (text: string, match: string | RegExp) =>
  typeof match === 'string' ? text.includes(match) : match.test(text);

/** For the setup file: the problems of the test that just ran, and a clean slate for the next. */
export function takeConsoleErrorProblems(): string[] {
  const problems: string[] = [];
  for (const text of calls) {
    const declared = expected.find((e) => matches(text, e.match));
    if (declared) declared.seen = true;
    else problems.push(`unexpected console.error: ${text}`);
  }
  for (const e of expected) {
    if (!e.seen) problems.push(`expected console.error matching ${String(e.match)} did not happen`);
  }
  calls = [];
  expected = [];
  return problems;
}
