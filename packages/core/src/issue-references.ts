/**
 * Which issues a pull request's description refers to (one pull request, one
 * issue). A stake's pull request must reference its issue; a bounty goes only to the stake of an
 * issue the merge closes. The forms are GitHub's own:
 *
 * - `#12`, `owner/repo#12`, or the issue's URL `https://github.com/owner/repo/issues/12`
 *   (any host, so GitHub Enterprise and the demo simulator work the same);
 * - a closing reference is one of those after a closing keyword: close(s/d), fix(es/ed),
 *   resolve(s/d), optionally followed by a colon, as GitHub closes them on merge.
 *
 * `#12` never matches inside `#123`, and `other/repo#12` is not a reference to this repository's
 * issue 12.
 */
export interface ReferencedIssue {
  /** `owner/repo`, any case. */
  repositoryFullName: string;
  number: number;
}

const CLOSING_KEYWORD = /\b(?:close[sd]?|fix(?:e[sd])?|resolve[sd]?)\s*:?\s*$/i;

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Every place in `body` that refers to the issue, with the text just before it. */
function mentions(body: string, ref: ReferencedIssue): { before: string }[] {
  const repo = escape(ref.repositoryFullName);
  const n = String(ref.number);
  // Alternatives: a URL to the issue; `owner/repo#n`; a bare `#n` not preceded by a word
  // character or a slash (so `other/repo#n` and `abc#n` are not this issue).
  const pattern = new RegExp(
    `(?:https?://[^\\s/]+/${repo}/issues/${n}(?![\\d/])|(?<![\\w./-])${repo}#${n}(?!\\d)|(?<![\\w/#])#${n}(?!\\d))`,
    'gi',
  );
  return [...body.matchAll(pattern)].map((m) => ({ before: body.slice(0, m.index) }));
}

/** Whether the description mentions the issue at all (`#12`, `owner/repo#12`, or its URL). */
export function referencesIssue(body: string | null | undefined, ref: ReferencedIssue): boolean {
  return mentions(body ?? '', ref).length > 0;
}

/** Whether merging the pull request closes the issue: a closing keyword right before a mention. */
export function closesIssue(body: string | null | undefined, ref: ReferencedIssue): boolean {
  return mentions(body ?? '', ref).some((m) => CLOSING_KEYWORD.test(m.before));
}

/**
 * The issue numbers of this repository the description refers to, each once, in order: the
 * candidates for `referencesIssue` (a number may be another repository's, which that rules out).
 */
export function referencedIssueNumbers(
  body: string | null | undefined,
  repositoryFullName: string,
): number[] {
  const text = body ?? '';
  const candidates = [
    ...new Set([...text.matchAll(/(?:#|\/issues\/)(\d{1,9})(?!\d)/g)].map((m) => Number(m[1]))),
  ];
  return candidates.filter((number) => referencesIssue(text, { repositoryFullName, number }));
}
