import { z } from 'zod';

/**
 * Every page of the web app, as its route table (apps/web/src/app/routes.tsx) declares them,
 * with `:name` for a path parameter. The only places the server sends a browser back to after
 * GitHub (`returnTo`); a web test keeps this list and the route table equal.
 */
export const APP_PAGES = [
  '/',
  '/login',
  '/signUp',
  '/forgot-password',
  '/reset-password',
  '/verify-email',
  '/connect-wallet',
  '/demo/mailbox',
  '/settings/notifications',
  '/contributor/dashboard',
  '/contributor/issue/:issueId',
  '/contributor/issue/:owner/:repo/:number',
  '/contributor/profile',
  '/contributor/profile/:id/public',
  '/contributor/settings',
  '/maintainer/dashboard',
  '/maintainer/new-issue',
  '/maintainer/open-issue/:number',
  '/maintainer/bounty-issues',
  '/maintainer/repo/:owner/:repo/issues',
  '/maintainer/repo/:owner/:repo/prs',
  '/maintainer/org-settings/config',
  '/maintainer/org-settings/api-keys',
  '/maintainer/docs',
  '/maintainer/integrations',
  '/maintainer/referrals',
  '/maintainer/reports',
  '/maintainer/support',
  '/company/dashboard',
  '/company/messages',
  '/company/settings',
] as const;

// What a path parameter may hold: ids, numbers, GitHub owner and repository names ('.github').
const PARAM = /^[\w.-]{1,100}$/;
// Backslashes (which browsers read as slashes), any percent-encoding (an encoded slash or dot),
// and a query or fragment (the web app sends none) are refused outright, before any parsing.
const UNSAFE = /[\\%?#]/;
// So are control characters and spaces: browsers drop a tab or newline from a URL.
const hasControlOrSpace = (value: string): boolean =>
  [...value].some((c) => c.charCodeAt(0) <= 0x20 || c.charCodeAt(0) === 0x7f);

/** Resolves '.' and '..' segments as a browser does with a path (RFC 3986 s5.2.4). */
function withoutDotSegments(path: string): string {
  const out: string[] = [];
  const segments = path.split('/').slice(1);
  segments.forEach((segment, i) => {
    const last = i === segments.length - 1;
    if (segment === '..') out.pop();
    if (segment === '.' || segment === '..') {
      if (last) out.push('');
    } else out.push(segment);
  });
  return `/${out.join('/')}`;
}

const matches = (page: string, path: string): boolean => {
  const want = page.split('/');
  const got = path.split('/');
  return (
    want.length === got.length &&
    want.every((w, i) => (w.startsWith(':') ? PARAM.test(got[i] ?? '') : w === got[i]))
  );
};

/**
 * The page a browser may be sent back to, normalised (dot segments resolved, as a browser
 * would), or null when `input` is anything but a page of this app: another site
 * (`//evil.example`, `https://…`, `/\evil`), an encoded or doubled slash, or an unknown path.
 */
export function appReturnPath(input: string): string | null {
  if (input.length > 512 || UNSAFE.test(input) || hasControlOrSpace(input)) return null;
  // A path on this site starts with exactly one slash: '//host' and 'scheme:' name another.
  if (!input.startsWith('/') || input.startsWith('//')) return null;
  const path = withoutDotSegments(input);
  if (path.includes('//')) return null;
  return APP_PAGES.some((page) => matches(page, path)) ? path : null;
}

/** `returnTo` as the server takes it: a page of the app, normalised. */
export const returnToSchema = z
  .string()
  .max(512)
  .transform((value, ctx) => {
    const path = appReturnPath(value);
    if (path === null) {
      ctx.addIssue({
        code: 'custom',
        message: 'Must be a page of OpenStake, such as /contributor/settings',
      });
      return z.NEVER;
    }
    return path;
  });
