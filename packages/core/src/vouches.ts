import { z } from 'zod';

/*
 * Vouch and denounce (decision 015, part 3): a maintainer's word on a GitHub user in one
 * repository. The contract shared by the server's routes and the web app's forms, and the
 * repository's `.github/VOUCHED.td` file, read and written here with no I/O.
 */

export const VOUCH_KINDS = ['vouched', 'denounced'] as const;
export type VouchKindName = (typeof VOUCH_KINDS)[number];
export const VOUCH_SOURCES = ['settings', 'pull_request', 'command', 'file'] as const;
export type VouchSource = (typeof VOUCH_SOURCES)[number];

export const VOUCH_REASON_MAX = 300;

/**
 * A GitHub user's login as a maintainer types it, with or without the `@`: letters, digits and
 * single hyphens, at most 39 characters, as GitHub allows them.
 */
export const githubUserLoginSchema = z
  .string({ message: 'Write the GitHub login' })
  .trim()
  .regex(
    /^@?[A-Za-z0-9](?:[A-Za-z0-9]|-(?=[A-Za-z0-9])){0,38}$/,
    'Write a GitHub login, like @octocat',
  )
  .transform((login) => login.replace(/^@/, ''));

const vouchReasonSchema = z
  .string()
  .trim()
  .max(VOUCH_REASON_MAX, `Keep the reason to ${String(VOUCH_REASON_MAX)} characters`);

/** What a maintainer says about a user (PUT .../vouches/:login): a denouncement needs a reason. */
export const vouchInputSchema = z
  .object({
    kind: z.enum(VOUCH_KINDS, { message: "Choose 'vouched' or 'denounced'" }),
    reason: vouchReasonSchema.optional(),
    /** Where the maintainer said it: the repository's settings or a pull request's card. */
    source: z.enum(['settings', 'pull_request']).default('settings'),
  })
  .superRefine((input, ctx) => {
    if (input.kind === 'denounced' && !input.reason) {
      ctx.addIssue({
        code: 'custom',
        path: ['reason'],
        message: 'Say why you denounce them (1 to 300 characters)',
      });
    }
  });
export type VouchInput = z.input<typeof vouchInputSchema>;

export const vouchLoginParamsSchema = z.object({ login: githubUserLoginSchema });

/** A vouch as a repository's maintainers see it. */
export const repositoryVouchSchema = z.object({
  githubUserId: z.number(),
  login: z.string(),
  kind: z.enum(VOUCH_KINDS),
  reason: z.string().nullable(),
  source: z.enum(VOUCH_SOURCES),
  /** The maintainer's GitHub login; null when it came from the repository's file. */
  decidedByLogin: z.string().nullable(),
  updatedAt: z.string(),
});
export type RepositoryVouch = z.infer<typeof repositoryVouchSchema>;

/** A contributor's vouch in one repository, as other maintainers see it on their profile. */
export const contributorVouchSchema = z.object({
  repository: z.string(),
  kind: z.enum(VOUCH_KINDS),
  reason: z.string().nullable(),
  decidedByLogin: z.string().nullable(),
  updatedAt: z.string(),
});
export type ContributorVouch = z.infer<typeof contributorVouchSchema>;

/** "Vouched for in acme/widgets by @maint", one line of the profile. */
export function contributorVouchText(vouch: ContributorVouch): string {
  const what = vouch.kind === 'vouched' ? 'Vouched for' : 'Denounced';
  const by = vouch.decidedByLogin ? `by @${vouch.decidedByLogin}` : 'by its VOUCHED.td file';
  return `${what} in ${vouch.repository} ${by}`;
}

/** The path of the file, where Ghostty and mitchellh/vouch keep it. */
export const VOUCH_FILE_PATH = '.github/VOUCHED.td';

/** One line of a VOUCHED.td file, with its text as written. */
export type VouchFileLine =
  | { type: 'blank' | 'comment'; text: string }
  | {
      type: 'vouch' | 'denounce';
      text: string;
      /** `github` when the line names no platform. */
      platform: string;
      username: string;
      details: string | null;
    };

/**
 * Reads a VOUCHED.td file ("Trustdown"), the format of mitchellh/vouch (`vouch/file.nu`,
 * `parse-line`) used by ghostty-org/ghostty's `.github/VOUCHED.td`: one handle per line, without
 * `@`; `platform:username` names a platform (`github:mitchellh`); a leading `-` denounces
 * (`-username`); anything after the first space is the line's details (a reason); blank lines
 * and lines starting with `#` are kept as they are.
 */
export function parseVouchFile(text: string): VouchFileLine[] {
  const lines = text.split(/\r?\n/);
  if (lines.at(-1) === '') lines.pop();
  return lines.map((line): VouchFileLine => {
    const trimmed = line.trim();
    if (!trimmed) return { type: 'blank', text: line };
    if (trimmed.startsWith('#')) return { type: 'comment', text: line };
    const denounce = trimmed.startsWith('-');
    const rest = denounce ? trimmed.slice(1) : trimmed;
    const space = rest.indexOf(' ');
    const handle = space === -1 ? rest : rest.slice(0, space);
    const details = space === -1 ? null : rest.slice(space + 1).trim() || null;
    const colon = handle.indexOf(':');
    return {
      type: denounce ? 'denounce' : 'vouch',
      text: line,
      platform: colon === -1 ? 'github' : handle.slice(0, colon).toLowerCase(),
      username: colon === -1 ? handle : handle.slice(colon + 1),
      details,
    };
  });
}

/** The file's GitHub entries, the last line for a user winning (logins compare without case). */
export function vouchFileEntries(
  lines: readonly VouchFileLine[],
): { login: string; kind: VouchKindName; reason: string | null }[] {
  const byLogin = new Map<string, { login: string; kind: VouchKindName; reason: string | null }>();
  for (const line of lines) {
    if (line.type !== 'vouch' && line.type !== 'denounce') continue;
    if (line.platform !== 'github' || !githubUserLoginSchema.safeParse(line.username).success) {
      continue;
    }
    byLogin.set(line.username.toLowerCase(), {
      login: line.username,
      kind: line.type === 'vouch' ? 'vouched' : 'denounced',
      reason: line.details,
    });
  }
  return [...byLogin.values()];
}

/**
 * The file with one user's line changed (`kind`) or taken out (null): the user's lines are
 * replaced by one, in the place of the first, or added at the end; comments, blank lines and
 * every other line stay as they were.
 */
export function withVouchLine(
  text: string,
  change: { login: string; kind: VouchKindName | null; reason: string | null },
): string {
  const lines = parseVouchFile(text);
  const isUser = (line: VouchFileLine) =>
    (line.type === 'vouch' || line.type === 'denounce') &&
    line.platform === 'github' &&
    line.username.toLowerCase() === change.login.toLowerCase();
  const details = change.reason?.replace(/\s+/g, ' ').trim();
  const replacement: string | null =
    change.kind &&
    `${change.kind === 'denounced' ? '-' : ''}${change.login}${details ? ` ${details}` : ''}`;
  const out: string[] = [];
  let placed = false;
  for (const line of lines) {
    if (!isUser(line)) out.push(line.text);
    else if (!placed && replacement) {
      out.push(replacement);
      placed = true;
    }
  }
  if (!placed && replacement) out.push(replacement);
  return out.join('\n') + '\n';
}
