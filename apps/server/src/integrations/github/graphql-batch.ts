import type { Octokit } from '@octokit/rest';
import { graphqlAppError, type GraphqlError, type HeaderMap } from './errors';
import {
  GITHUB_BATCH_SIZE,
  type BatchAnswer,
  type IssueState,
  type ItemRef,
  type PullRequestFacts,
} from './port';

/**
 * The batched reads (the port's `pullRequests`, `issueStates`): up to GITHUB_BATCH_SIZE pull
 * requests or issues in one GraphQL request, aliased `repository { pullRequest(number:) }`
 * lookups with every owner, name and number a variable, and GitHub's answer read back.
 */

/**
 * What GitHub answered when a GraphQL answer carries `errors` (Octokit throws it as a
 * GraphqlResponseError, after the request itself succeeded): the data it could give, and why not
 * the rest. Null for any other error (an HTTP failure, already mapped by the request hook).
 */
function graphqlAnswerOf(
  error: unknown,
): { data: unknown; errors: GraphqlError[]; headers: HeaderMap } | null {
  if (!(error instanceof Error) || error.name !== 'GraphqlResponseError') return null;
  const { data, errors, headers } = error as unknown as {
    data?: unknown;
    errors?: GraphqlError[];
    headers?: HeaderMap;
  };
  return Array.isArray(errors) ? { data, errors, headers: headers ?? {} } : null;
}

/** The fields a batch asks of each item, as a GraphQL fragment. */
interface Fragment {
  name: string;
  fields: string;
}

/**
 * A query asking, under the aliases item0, item1..., for `field(number:)` of one repository each;
 * every owner, name and number is a variable, never text of the query.
 */
function batchQuery(field: 'pullRequest' | 'issue', fragment: Fragment, count: number): string {
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
const PULL_REQUEST_FACTS: Fragment = {
  name: 'PullRequestFacts',
  fields:
    'on PullRequest { number state merged mergedAt mergedBy { login ... on User { databaseId } ... on Bot { databaseId } } author { login ... on User { databaseId } ... on Bot { databaseId } } body baseRepository { databaseId owner { ... on User { databaseId } ... on Organization { databaseId } } stargazerCount forkCount createdAt } }',
};

interface GraphqlPullRequest {
  number: number;
  state: 'OPEN' | 'CLOSED' | 'MERGED';
  merged: boolean;
  mergedAt: string | null;
  /** databaseId: a User's or a Bot's; absent for a mannequin. */
  mergedBy: { login: string; databaseId?: number | null } | null;
  author: { login: string; databaseId?: number | null } | null;
  body: string;
  baseRepository: {
    databaseId: number | null;
    owner: { databaseId?: number | null } | null;
    stargazerCount: number;
    forkCount: number;
    createdAt: string;
  } | null;
}

/** The same facts as from REST: state open or closed, an empty body as null, a deleted author as ghost. */
const graphqlPullRequestFacts = (pr: GraphqlPullRequest): PullRequestFacts => ({
  number: pr.number,
  state: pr.state === 'OPEN' ? 'open' : 'closed',
  merged: pr.merged,
  authorLogin: pr.author?.login ?? 'ghost',
  authorId: pr.author?.databaseId ?? null,
  mergedByLogin: pr.mergedBy?.login ?? null,
  mergedById: pr.mergedBy?.databaseId ?? null,
  repositoryId: pr.baseRepository?.databaseId ?? null,
  repositoryOwnerId: pr.baseRepository?.owner?.databaseId ?? null,
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

const ISSUE_STATE: Fragment = { name: 'IssueState', fields: 'on Issue { number state }' };

const graphqlIssueState = (issue: { number: number; state: 'OPEN' | 'CLOSED' }): IssueState => ({
  number: issue.number,
  state: issue.state === 'OPEN' ? ('open' as const) : ('closed' as const),
});

async function batch<Node, T>(
  octokit: Octokit,
  refs: readonly ItemRef[],
  field: 'pullRequest' | 'issue',
  fragment: Fragment,
  parse: (node: Node) => T,
): Promise<BatchAnswer<T>[]> {
  if (refs.length === 0) return [];
  if (refs.length > GITHUB_BATCH_SIZE) {
    throw new Error(`at most ${GITHUB_BATCH_SIZE} items a batch, not ${refs.length}`);
  }
  const variables: Record<string, string | number> = {};
  refs.forEach((ref, i) => {
    variables[`owner${i}`] = ref.owner;
    variables[`name${i}`] = ref.repo;
    variables[`number${i}`] = ref.number;
  });
  type Data = Record<string, Record<string, Node | null> | null> | null | undefined;
  let data: Data;
  // Errors GitHub gave beside the data, about some of the items.
  let partial: { errors: GraphqlError[]; cause: unknown; headers: HeaderMap } | null = null;
  try {
    data = await octokit.graphql<Data>(batchQuery(field, fragment, refs.length), variables);
  } catch (error) {
    const answer = graphqlAnswerOf(error);
    if (!answer) throw error;
    // An error with no path is about the query as a whole: nothing was looked up.
    if (!answer.data || answer.errors.some((e) => !e.path?.length)) {
      throw graphqlAppError(answer.errors, error, answer.headers);
    }
    data = answer.data as Data;
    partial = { errors: answer.errors, cause: error, headers: answer.headers };
  }
  return refs.map((_, i) => {
    const alias = `item${i}`;
    const refused = (partial?.errors ?? []).filter(
      (e) => e.path?.[0] === alias && e.type !== 'NOT_FOUND',
    );
    if (partial && refused.length > 0) {
      return { error: graphqlAppError(refused, partial.cause, partial.headers) };
    }
    const node = data?.[alias]?.[field] ?? null;
    return { found: node === null ? null : parse(node) };
  });
}

/**
 * Many pull requests in one GraphQL request, with the facts a REST read gives, in the order
 * asked. One that does not exist is `{ found: null }`, as the REST 404; one GitHub refuses alone
 * (e.g. an organization's SAML) is `{ error }` and leaves the others answered. A refusal of the
 * whole request throws, mapped like any other.
 */
export const batchPullRequests = (octokit: Octokit, refs: readonly ItemRef[]) =>
  batch(octokit, refs, 'pullRequest', PULL_REQUEST_FACTS, graphqlPullRequestFacts);

/** Many issues' states in one GraphQL request: as `batchPullRequests`, for issues. */
export const batchIssueStates = (octokit: Octokit, refs: readonly ItemRef[]) =>
  batch(octokit, refs, 'issue', ISSUE_STATE, graphqlIssueState);
