import { checkRollup } from '../actions/statuses';
import { isPull, type PullIssue } from '../render/pulls';
import { renderSimpleUser } from '../render/users';
import { avatarUrl, issueHtmlUrl, nodeId, repoHtmlUrl } from '../render/urls';
import type { SimState } from '../sim-state';
import type { WorldIssue, WorldRepo } from '../world/types';

/**
 * An error GitHub's GraphQL API reports with a `type` beside its message (`NOT_FOUND` for what
 * does not exist or the viewer may not see), with the field's path, while the rest of the query
 * still answers.
 */
export class TypedGraphqlError extends Error {
  constructor(
    readonly type: 'NOT_FOUND' | 'FORBIDDEN',
    message: string,
  ) {
    super(message);
  }
}

/**
 * What a field resolves to: a value, or a function of the field's arguments. Only the fields
 * listed on a node are simulated; any other field of GitHub's schema is an error saying so.
 */
export type GraphqlNode = Record<string, unknown>;

type Args = Record<string, unknown>;

const upper = <T extends string>(value: T) => value.toUpperCase() as Uppercase<T>;

export function actorNode(s: SimState, login: string): GraphqlNode {
  return {
    __typename: 'User',
    login,
    // GitHub's numeric id, as REST's `id`: a rename keeps it.
    databaseId: () => renderSimpleUser(s, login).id,
    avatarUrl: avatarUrl(s, login),
    url: `${s.urls.webUrl}/${login}`,
    resourcePath: `/${login}`,
  };
}

const actorOrNull = (s: SimState, login: string | null): GraphqlNode | null =>
  login === null ? null : actorNode(s, login);

function pullRequestNode(s: SimState, repo: WorldRepo, issue: PullIssue): GraphqlNode {
  const { pull } = issue;
  return {
    id: nodeId('PullRequest', pull.id),
    databaseId: pull.id,
    number: issue.number,
    title: issue.title,
    // GitHub's schema types the body as String!: an empty description is ''.
    body: issue.body ?? '',
    state: pull.merged ? 'MERGED' : upper(issue.state),
    closed: issue.state === 'closed',
    closedAt: issue.closedAt,
    createdAt: issue.createdAt,
    updatedAt: issue.updatedAt,
    merged: pull.merged,
    mergedAt: pull.mergedAt,
    mergedBy: actorOrNull(s, pull.mergedBy),
    author: actorNode(s, issue.author),
    isDraft: pull.draft,
    headRefName: pull.headRef,
    headRefOid: pull.headSha,
    baseRefName: pull.baseRef,
    baseRefOid: pull.baseSha,
    url: issueHtmlUrl(s, repo, issue),
    baseRepository: () => repositoryNode(s, repo),
    labels: ({ first }: Args) => {
      const nodes = issue.labels
        .slice(0, Number(first ?? 100))
        .map((name) => repo.labels.find((l) => l.name === name))
        .filter((l) => l !== undefined)
        .map((l) => ({ name: l.name, color: l.color }));
      return { totalCount: issue.labels.length, nodes };
    },
    comments: () => ({ totalCount: issue.comments.length }),
    // The simulator keeps a pull request's head commit only: `commits(last: 1)` is it.
    commits: () => ({
      totalCount: pull.commits,
      nodes: [
        {
          commit: {
            oid: pull.headSha,
            statusCheckRollup: () => {
              const state = checkRollup(s, repo, pull.headSha);
              return state === null ? null : { state };
            },
          },
        },
      ],
    }),
  };
}

const PULL_STATES = ['OPEN', 'CLOSED', 'MERGED'] as const;

/**
 * `Repository.pullRequests(states, first, after, orderBy)`: a connection paged by an opaque
 * cursor (the offset), ordered by creation (GitHub's default) or update time.
 */
function pullRequestConnection(s: SimState, repo: WorldRepo, args: Args): GraphqlNode {
  const states = (args.states as string[] | null | undefined) ?? [...PULL_STATES];
  const order = args.orderBy as { field: string; direction: 'ASC' | 'DESC' } | null | undefined;
  const stateOf = (i: PullIssue) => (i.pull.merged ? 'MERGED' : upper(i.state));
  const key = (i: PullIssue) => (order?.field === 'UPDATED_AT' ? i.updatedAt : i.createdAt);
  const all = repo.issues
    .filter(isPull)
    .filter((i) => states.includes(stateOf(i)))
    .sort((a, b) => key(a).localeCompare(key(b)) || a.number - b.number);
  if (order?.direction === 'DESC') all.reverse();
  const start = typeof args.after === 'string' ? Number(atob(args.after).split(':')[1]) + 1 : 0;
  const first = Number(args.first ?? 100);
  if (first < 1 || first > 100) {
    throw new Error(
      `Requesting ${String(first)} records on the \`pullRequests\` connection exceeds the \`first\` limit of 100 records.`,
    );
  }
  const page = all.slice(start, start + first);
  const end = start + page.length - 1;
  return {
    totalCount: all.length,
    nodes: page.map((issue) => pullRequestNode(s, repo, issue)),
    pageInfo: {
      hasNextPage: start + page.length < all.length,
      hasPreviousPage: start > 0,
      startCursor: page.length ? btoa(`cursor:${String(start)}`) : null,
      endCursor: page.length ? btoa(`cursor:${String(end)}`) : null,
    },
  };
}

function issueNode(s: SimState, repo: WorldRepo, issue: WorldIssue): GraphqlNode {
  return {
    id: nodeId('Issue', issue.id),
    databaseId: issue.id,
    number: issue.number,
    title: issue.title,
    body: issue.body ?? '',
    state: upper(issue.state),
    stateReason: issue.stateReason === null ? null : upper(issue.stateReason),
    closed: issue.state === 'closed',
    closedAt: issue.closedAt,
    createdAt: issue.createdAt,
    updatedAt: issue.updatedAt,
    author: actorNode(s, issue.author),
    url: issueHtmlUrl(s, repo, issue),
  };
}

function repositoryNode(s: SimState, repo: WorldRepo): GraphqlNode {
  const item = (number: unknown) => s.findIssue(repo, Number(number));
  return {
    id: nodeId('Repository', repo.id),
    databaseId: repo.id,
    name: repo.name,
    owner: () => {
      const owner = renderSimpleUser(s, repo.owner);
      return {
        __typename: owner.type === 'Organization' ? 'Organization' : 'User',
        login: owner.login,
        databaseId: owner.id,
      };
    },
    nameWithOwner: `${repo.owner}/${repo.name}`,
    isPrivate: repo.private,
    url: repoHtmlUrl(s, repo),
    stargazerCount: repo.stargazers,
    forkCount: repo.forks,
    createdAt: repo.createdAt,
    pullRequest: ({ number }: Args) => {
      const issue = item(number);
      if (!issue || !isPull(issue)) {
        throw new TypedGraphqlError(
          'NOT_FOUND',
          `Could not resolve to a PullRequest with the number of ${String(number)}.`,
        );
      }
      return pullRequestNode(s, repo, issue);
    },
    pullRequests: (args: Args) => pullRequestConnection(s, repo, args),
    // As on GitHub, `issue` does not answer with a pull request (`issueOrPullRequest` would).
    issue: ({ number }: Args) => {
      const issue = item(number);
      if (!issue || isPull(issue)) {
        throw new TypedGraphqlError(
          'NOT_FOUND',
          `Could not resolve to an Issue with the number of ${String(number)}.`,
        );
      }
      return issueNode(s, repo, issue);
    },
  };
}

/** The query root, as `viewer` sees it: a private repository they may not read does not exist. */
export function queryRoot(s: SimState, viewer: string): GraphqlNode {
  return {
    viewer: actorNode(s, viewer),
    repository: ({ owner, name }: Args) => {
      const repo = s.findRepo(String(owner), String(name));
      if (!repo || !s.canRead(repo, viewer)) {
        throw new TypedGraphqlError(
          'NOT_FOUND',
          `Could not resolve to a Repository with the name '${String(owner)}/${String(name)}'.`,
        );
      }
      return repositoryNode(s, repo);
    },
  };
}
