import { significantWords } from '../../integrations/llm/context-provider';

/**
 * Files that may matter for an issue, found without guessing: paths the issue itself names, and
 * paths the organization's context names whose words (directories, file name) appear in the
 * issue. No repository is searched, so nothing is listed that nobody wrote down.
 */

const EXTENSIONS = new Set(
  (
    'ts tsx js jsx mjs cjs json md mdx yml yaml toml py go rs java kt kts rb cpp cc c h hpp cs ' +
    'php sh bash css scss sass less html sql txt xml gradle swift vue svelte ini cfg conf lock proto'
  ).split(' '),
);
const WELL_KNOWN = new Set([
  'dockerfile',
  'makefile',
  'gemfile',
  'rakefile',
  'procfile',
  'readme.md',
  'contributing.md',
  'changelog.md',
  'license',
]);
const MAX_FILES = 8;

export interface RelevantFile {
  path: string;
  source: 'issue' | 'context';
}

const CANDIDATE = /(`?)((?:\.?[\w-][\w.-]*\/)*\.?[\w-][\w.-]*)\1/g;

/** The file paths a text names (URLs left out). */
export function filePathsIn(text: string): string[] {
  const withoutUrls = text.replace(/\b[a-z][a-z0-9+.-]*:\/\/\S+/gi, ' ');
  const found = new Set<string>();
  for (const match of withoutUrls.matchAll(CANDIDATE)) {
    const quoted = match[1] === '`';
    const path = (match[2] ?? '').replace(/[.]+$/, '');
    const name = path.split('/').at(-1) ?? '';
    const dot = name.lastIndexOf('.');
    const extension = dot > 0 ? name.slice(dot + 1).toLowerCase() : '';
    const known = WELL_KNOWN.has(name.toLowerCase());
    if (!known && !EXTENSIONS.has(extension)) continue;
    // 'Node.js' and 'Vue.js' are names, not files: a bare capitalised name counts only when
    // it is quoted as code or a well-known file.
    const bare = !path.includes('/');
    if (bare && !quoted && !known && /[A-Z]/.test(name.slice(0, dot))) continue;
    found.add(path);
  }
  return [...found];
}

/** The words a path is made of: its directories and file name, split on separators and case. */
const pathWords = (path: string): Set<string> =>
  significantWords(path.replace(/([a-z])([A-Z])/g, '$1 $2').replace(/[/._-]+/g, ' '));

export function relevantFiles(input: {
  issue: { title: string; body: string; labels: string[] };
  context: string;
}): RelevantFile[] {
  const files = new Map<string, RelevantFile>();
  for (const path of filePathsIn(`${input.issue.title}\n${input.issue.body}`)) {
    files.set(path, { path, source: 'issue' });
  }
  const issueWords = significantWords(
    `${input.issue.title} ${input.issue.body} ${input.issue.labels.join(' ')}`,
  );
  for (const path of filePathsIn(input.context)) {
    if (files.has(path)) continue;
    if ([...pathWords(path)].some((w) => issueWords.has(w))) {
      files.set(path, { path, source: 'context' });
    }
  }
  return [...files.values()].slice(0, MAX_FILES);
}
