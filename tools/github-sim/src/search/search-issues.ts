import { primaryLanguage } from '../render/repos';
import { validationFailed, type SimError } from '../sim-error';
import type { SimState } from '../sim-state';
import type { WorldIssue, WorldRepo } from '../world/types';

/**
 * `GET /search/issues`: GitHub's issue and pull-request search syntax, for the qualifiers a client
 * of this product uses. Each qualifier may be negated with a leading `-`; values are
 * case-insensitive; `label:a,b` means a OR b, repeated `label:` qualifiers mean AND.
 */

export interface SearchTerm {
  negated: boolean;
  /** Lower-cased qualifier name, or null for free text. */
  key: string | null;
  /** The value without quotes. */
  value: string;
  /** Comma-separated alternatives (`label:bug,"help wanted"`), without quotes. */
  values: string[];
}

const QUALIFIERS = new Set([
  'is',
  'type',
  'state',
  'author',
  'assignee',
  'mentions',
  'commenter',
  'involves',
  'reviewed-by',
  'review',
  'label',
  'no',
  'language',
  'repo',
  'user',
  'org',
  'owner',
  'in',
  'created',
  'updated',
  'closed',
  'merged',
  'comments',
  'draft',
  'archived',
  'sort',
  'head',
  'base',
]);

/** An optional `-`, an optional `qualifier:`, then quoted and bare chunks up to a blank. */
const TOKEN = /(-)?(?:([A-Za-z][\w-]*):)?((?:"[^"]*"?|[^\s"]+)+)/g;

const unquote = (raw: string): string => raw.replace(/"/g, '');

/** Splits `a,"b c",d` on the commas outside quotes. */
function alternatives(raw: string): string[] {
  return (raw.match(/(?:"[^"]*"?|[^,"]+)+/g) ?? []).map(unquote).filter(Boolean);
}

export function parseSearchQuery(q: string): SearchTerm[] {
  const terms: SearchTerm[] = [];
  for (const match of q.matchAll(TOKEN)) {
    const [, minus, key, raw = ''] = match;
    const lowerKey = key?.toLowerCase();
    if (lowerKey && QUALIFIERS.has(lowerKey)) {
      terms.push({
        negated: minus === '-',
        key: lowerKey,
        value: unquote(raw),
        values: alternatives(raw),
      });
      continue;
    }
    // Unknown qualifiers are plain text on GitHub too.
    const text = unquote(key ? `${key}:${raw}` : raw);
    if (!text || text === 'AND' || text === 'OR') continue;
    terms.push({ negated: minus === '-', key: null, value: text, values: [text] });
  }
  return terms;
}

const LANGUAGE_ALIASES: Record<string, string> = {
  cpp: 'c++',
  'c-plus-plus': 'c++',
  csharp: 'c#',
  js: 'javascript',
  ts: 'typescript',
  py: 'python',
  golang: 'go',
  rb: 'ruby',
  rs: 'rust',
  kt: 'kotlin',
  sh: 'shell',
  bash: 'shell',
};

const normalizeLanguage = (value: string): string => {
  const lower = value.toLowerCase();
  return LANGUAGE_ALIASES[lower] ?? lower;
};

/** `>=2024-01-01`, `<5`, `2024-01-01..2024-02-01`, `10..*`, or an exact value. */
function compare(actual: number | null, spec: string, parse: (v: string) => number): boolean {
  if (actual === null) return false;
  const range = spec.split('..');
  if (range.length === 2) {
    const [from = '*', to = '*'] = range;
    return (from === '*' || actual >= parse(from)) && (to === '*' || actual <= parseEnd(to, parse));
  }
  const op = /^(>=|<=|>|<)?(.*)$/.exec(spec);
  const operator = op?.[1] ?? '';
  const rest = op?.[2] ?? '';
  switch (operator) {
    case '>':
      return actual > parseEnd(rest, parse);
    case '>=':
      return actual >= parse(rest);
    case '<':
      return actual < parse(rest);
    case '<=':
      return actual <= parseEnd(rest, parse);
    default:
      return actual >= parse(rest) && actual <= parseEnd(rest, parse);
  }
}

/** A bare date covers its whole day; numbers and full timestamps are exact. */
function parseEnd(value: string, parse: (v: string) => number): number {
  return /^\d{4}-\d{2}-\d{2}$/.test(value) ? parse(value) + 86_399_999 : parse(value);
}

const parseDate = (value: string): number => {
  const time = Date.parse(value);
  if (Number.isNaN(time)) throw invalidQuery();
  return time;
};

const parseNumber = (value: string): number => {
  const n = Number(value);
  if (!Number.isFinite(n)) throw invalidQuery();
  return n;
};

const invalidQuery = (): SimError =>
  validationFailed({
    resource: 'Search',
    field: 'q',
    code: 'invalid',
    message: 'The search query is not valid.',
  });

const cannotSearch = (): SimError =>
  validationFailed({
    resource: 'Search',
    field: 'q',
    code: 'invalid',
    message:
      'The listed users and repositories cannot be searched either because the resources do not exist or you do not have permission to view them.',
  });

const same = (a: string | null | undefined, b: string): boolean =>
  !!a && a.toLowerCase() === b.toLowerCase();

interface Candidate {
  repo: WorldRepo;
  issue: WorldIssue;
}

export interface SearchResult {
  items: Candidate[];
  sort: 'created' | 'updated' | 'comments' | null;
  order: 'asc' | 'desc';
}

export function searchIssues(
  state: SimState,
  viewer: string | null,
  q: string | undefined,
  sortParam?: string,
  orderParam?: string,
): SearchResult {
  if (!q || !q.trim()) {
    throw validationFailed({ resource: 'Search', field: 'q', code: 'missing' });
  }
  if (q.length > 256) throw invalidQuery();
  const terms = parseSearchQuery(q);
  let sort = (sortParam ?? null) as SearchResult['sort'] | string | null;
  let order = orderParam === 'asc' ? 'asc' : 'desc';

  // Unknown accounts and repositories are an error, not an empty result, on GitHub.
  for (const term of terms) {
    if (term.negated) continue;
    if (term.key === 'repo') {
      const [owner = '', name = ''] = term.value.split('/');
      const repo = state.findRepo(owner, name);
      if (!repo || !state.canRead(repo, viewer)) throw cannotSearch();
    }
    if (term.key && ['user', 'org', 'owner', 'author'].includes(term.key)) {
      if (!state.findAccount(term.value)) throw cannotSearch();
    }
    if (term.key === 'sort') {
      const [field = '', direction] = term.value.toLowerCase().split('-');
      sort = field;
      if (direction === 'asc' || direction === 'desc') order = direction;
    }
  }

  const fields = terms.filter((t) => t.key === 'in').map((t) => t.value.toLowerCase());
  const inFields = fields.length > 0 ? fields : ['title', 'body'];

  const matches = (repo: WorldRepo, issue: WorldIssue, term: SearchTerm): boolean => {
    const v = term.value.toLowerCase();
    const pull = issue.pull;
    switch (term.key) {
      case null: {
        const haystack = [
          inFields.includes('title') ? issue.title : '',
          inFields.includes('body') ? (issue.body ?? '') : '',
          inFields.includes('comments') ? issue.comments.map((c) => c.body).join('\n') : '',
        ]
          .join('\n')
          .toLowerCase();
        return haystack.includes(v);
      }
      case 'is':
      case 'type':
      case 'state':
        return isQualifier(repo, issue, v);
      case 'draft':
        return !!pull && String(pull.draft) === v;
      case 'archived':
        return String(repo.archived) === v;
      case 'author':
        return same(issue.author, v);
      case 'assignee':
        return issue.assignees.some((a) => same(a, v));
      case 'mentions':
        return `${issue.title}\n${issue.body ?? ''}`.toLowerCase().includes(`@${v}`);
      case 'commenter':
        return issue.comments.some((c) => same(c.author, v));
      case 'involves':
        return (
          same(issue.author, v) ||
          issue.assignees.some((a) => same(a, v)) ||
          issue.comments.some((c) => same(c.author, v)) ||
          `${issue.body ?? ''}`.toLowerCase().includes(`@${v}`)
        );
      case 'reviewed-by':
        return !!pull?.reviews.some((r) => same(r.author, v));
      case 'review': {
        if (!pull) return false;
        const last = pull.reviews.at(-1)?.state;
        if (v === 'none') return pull.reviews.length === 0;
        if (v === 'approved') return last === 'APPROVED';
        if (v === 'changes_requested') return last === 'CHANGES_REQUESTED';
        return v === 'required' ? pull.reviews.length === 0 : false;
      }
      case 'label':
        return term.values.some((name) => issue.labels.some((l) => same(l, name)));
      case 'no':
        if (v === 'label') return issue.labels.length === 0;
        if (v === 'assignee') return issue.assignees.length === 0;
        return v === 'milestone' || v === 'project';
      case 'language':
        return normalizeLanguage(primaryLanguage(repo) ?? '') === normalizeLanguage(v);
      case 'repo':
        return same(`${repo.owner}/${repo.name}`, v);
      case 'user':
      case 'org':
      case 'owner':
        return same(repo.owner, v);
      case 'head':
        return !!pull && same(pull.headRef, v);
      case 'base':
        return !!pull && same(pull.baseRef, v);
      case 'created':
        return compare(Date.parse(issue.createdAt), term.value, parseDate);
      case 'updated':
        return compare(Date.parse(issue.updatedAt), term.value, parseDate);
      case 'closed':
        return compare(issue.closedAt ? Date.parse(issue.closedAt) : null, term.value, parseDate);
      case 'merged':
        return compare(pull?.mergedAt ? Date.parse(pull.mergedAt) : null, term.value, parseDate);
      case 'comments':
        return compare(issue.comments.length, term.value, parseNumber);
      default:
        return true;
    }
  };

  const filters = terms.filter((t) => t.key !== 'in' && t.key !== 'sort');
  const items: Candidate[] = [];
  for (const repo of state.world.repos) {
    if (!state.canRead(repo, viewer)) continue;
    for (const issue of repo.issues) {
      if (filters.every((t) => matches(repo, issue, t) !== t.negated)) items.push({ repo, issue });
    }
  }

  const key = (c: Candidate): number => {
    if (sort === 'comments') return c.issue.comments.length;
    if (sort === 'updated') return Date.parse(c.issue.updatedAt);
    return Date.parse(c.issue.createdAt);
  };
  items.sort((a, b) => {
    const diff = key(a) - key(b) || a.issue.id - b.issue.id;
    return order === 'asc' ? diff : -diff;
  });
  const knownSort = sort === 'created' || sort === 'updated' || sort === 'comments' ? sort : null;
  return { items, sort: knownSort, order: order as 'asc' | 'desc' };
}

function isQualifier(repo: WorldRepo, issue: WorldIssue, value: string): boolean {
  switch (value) {
    case 'pr':
    case 'pull-request':
      return !!issue.pull;
    case 'issue':
      return !issue.pull;
    case 'open':
      return issue.state === 'open';
    case 'closed':
      return issue.state === 'closed';
    case 'merged':
      return !!issue.pull?.merged;
    case 'unmerged':
      return !!issue.pull && !issue.pull.merged;
    case 'draft':
      return !!issue.pull?.draft;
    case 'locked':
      return issue.locked;
    case 'unlocked':
      return !issue.locked;
    case 'public':
      return !repo.private;
    case 'private':
      return repo.private;
    case 'archived':
      return repo.archived;
    default:
      return false;
  }
}
