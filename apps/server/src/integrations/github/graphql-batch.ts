import type { PullRequestFacts } from './github';

/**
 * The GraphQL side of the batched reads (Github.pullRequests, Github.issueStates): the query, the
 * fields asked, and GitHub's answer read back. No request is made here; github.ts makes them.
 */

/** One entry of the `errors` of a GraphQL answer: `type` says what kind (NOT_FOUND, FORBIDDEN...). */
export interface GraphqlError {
  type?: string;
  path?: (string | number)[];
  message: string;
}

/**
 * What GitHub answered when a GraphQL answer carries `errors` (Octokit throws it as a
 * GraphqlResponseError, after the request itself succeeded): the data it could give, and why not
 * the rest. Null for any other error (an HTTP failure, already mapped by the request hook).
 */
export function graphqlAnswerOf(
  error: unknown,
): { data: unknown; errors: GraphqlError[]; headers: Record<string, string | undefined> } | null {
  if (!(error instanceof Error) || error.name !== 'GraphqlResponseError') return null;
  const { data, errors, headers } = error as unknown as {
    data?: unknown;
    errors?: GraphqlError[];
    headers?: Record<string, string | undefined>;
  };
  return Array.isArray(errors) ? { data, errors, headers: headers ?? {} } : null;
}

/** The fields a batch asks of each item, as a GraphQL fragment. */
export interface Fragment {
  name: string;
  fields: string;
}

/**
 * A query asking, under the aliases item0, item1..., for `field(number:)` of one repository each;
 * every owner, name and number is a variable, never text of the query.
 */
export function batchQuery(
  field: 'pullRequest' | 'issue',
  fragment: Fragment,
  count: number,
): string {
  const variables: string[] = [];
  const lookups: string[] = [];
  for (let i = 0; i < count; i++) {
    variables.push(`$owner${i}: String!, $name${i}: String!, $number${i}: Int!`);
    lookups.push(
      `  item${i}: repository(owner: $owner${i}, name: $name${i}) { ${field}(number: $number${i}) { ...${fragment.name} } }`,
    );
  }
  return `query (${variables.join(', ')}) {\n${lookups.join('\n')}\n}\nfragment ${fragment.name} ${fragment.fields}`;
}

/** What pullRequestFacts reads, in GraphQL. */
export const PULL_REQUEST_FACTS: Fragment = {
  name: 'PullRequestFacts',
  fields:
    'on PullRequest { number state merged mergedAt mergedBy { login } author { login } body baseRepository { stargazerCount forkCount createdAt } }',
};

export interface GraphqlPullRequest {
  number: number;
  state: 'OPEN' | 'CLOSED' | 'MERGED';
  merged: boolean;
  mergedAt: string | null;
  mergedBy: { login: string } | null;
  author: { login: string } | null;
  body: string;
  baseRepository: { stargazerCount: number; forkCount: number; createdAt: string } | null;
}

/** The same facts as from REST: state open or closed, an empty body as null, a deleted author as ghost. */
export const graphqlPullRequestFacts = (pr: GraphqlPullRequest): PullRequestFacts => ({
  number: pr.number,
  state: pr.state === 'OPEN' ? 'open' : 'closed',
  merged: pr.merged,
  authorLogin: pr.author?.login ?? 'ghost',
  mergedByLogin: pr.mergedBy?.login ?? null,
  mergedAt: pr.mergedAt ? new Date(pr.mergedAt) : null,
  body: pr.body === '' ? null : pr.body,
  repository: pr.baseRepository
    ? {
        stargazersCount: pr.baseRepository.stargazerCount,
        forksCount: pr.baseRepository.forkCount,
        createdAt: pr.baseRepository.createdAt,
      }
    : null,
});

export const ISSUE_STATE: Fragment = { name: 'IssueState', fields: 'on Issue { number state }' };

export const graphqlIssueState = (issue: { number: number; state: 'OPEN' | 'CLOSED' }) => ({
  number: issue.number,
  state: issue.state === 'OPEN' ? ('open' as const) : ('closed' as const),
});
