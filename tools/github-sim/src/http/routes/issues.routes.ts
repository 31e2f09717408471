import type { FastifyInstance } from 'fastify';
import {
  addLabels,
  removeLabel,
  createComment,
  createIssue,
  deleteComment,
  editComment,
  findComment,
  findIssue,
  updateIssueState,
} from '../../actions/issues';
import { issueLabels, renderComment, renderIssue } from '../../render/issues';
import type { SimContext } from '../../sim-context';
import { validationFailed } from '../../sim-error';
import type { WorldIssue } from '../../world/types';
import {
  bodyRecord,
  numberParam,
  direction,
  enumQuery,
  itemRef,
  paginate,
  query,
  requireViewer,
  sortIssues,
  stateFilter,
  viewerLogin,
  type RepoParams,
} from '../request-helpers';

type IssueParams = RepoParams & { issue_number: string };
type CommentParams = RepoParams & { comment_id: string };

const sinceQuery = (value: string | undefined): number | null => {
  if (!value) return null;
  const time = Date.parse(value);
  if (Number.isNaN(time)) {
    throw validationFailed({ resource: 'Request', code: 'invalid', field: 'since' });
  }
  return time;
};

export function registerIssueRoutes(app: FastifyInstance, ctx: SimContext): void {
  const { state } = ctx;
  const ref = (p: IssueParams) => itemRef(p, p.issue_number);

  app.get<{ Params: RepoParams }>('/repos/:owner/:repo/issues', async (req, reply) => {
    const repo = state.readableRepo(req.params.owner, req.params.repo, viewerLogin(req));
    const stateMatches = stateFilter(req);
    const sort = enumQuery(req, 'sort', ['created', 'updated', 'comments'] as const, 'created');
    const dir = direction(req, false);
    const labels = (query(req, 'labels') ?? '')
      .split(',')
      .map((l) => l.trim().toLowerCase())
      .filter(Boolean);
    const since = sinceQuery(query(req, 'since'));
    const creator = query(req, 'creator')?.toLowerCase();
    const assignee = query(req, 'assignee')?.toLowerCase();
    const matches = (issue: WorldIssue) =>
      stateMatches(issue) &&
      labels.every((l) => issue.labels.some((name) => name.toLowerCase() === l)) &&
      (since === null || Date.parse(issue.updatedAt) >= since) &&
      (!creator || issue.author.toLowerCase() === creator) &&
      (!assignee ||
        (assignee === '*'
          ? issue.assignees.length > 0
          : assignee === 'none'
            ? issue.assignees.length === 0
            : issue.assignees.some((a) => a.toLowerCase() === assignee)));
    const issues = sortIssues(repo.issues.filter(matches), sort, dir);
    return paginate(req, reply, state.urls.origin, issues).map((i) => renderIssue(state, repo, i));
  });

  app.post<{ Params: RepoParams }>('/repos/:owner/:repo/issues', async (req, reply) => {
    const viewer = requireViewer(req);
    const body = bodyRecord(req);
    const { value } = createIssue(ctx, {
      owner: req.params.owner,
      repo: req.params.repo,
      author: viewer.login,
      title: body.title,
      body: body.body,
      labels: body.labels,
      assignees: body.assignees ?? (body.assignee ? [body.assignee] : undefined),
    });
    const json = renderIssue(state, value.repo, value.issue);
    reply.code(201).header('location', json.url);
    return json;
  });

  app.get<{ Params: IssueParams }>('/repos/:owner/:repo/issues/:issue_number', async (req) => {
    const { repo, issue } = findIssue(ctx, ref(req.params), viewerLogin(req));
    return renderIssue(state, repo, issue);
  });

  app.patch<{ Params: IssueParams }>('/repos/:owner/:repo/issues/:issue_number', async (req) => {
    const viewer = requireViewer(req);
    const body = bodyRecord(req);
    const { value } = updateIssueState(ctx, {
      ...ref(req.params),
      actor: viewer.login,
      state: body.state,
      stateReason: body.state_reason,
    });
    return renderIssue(state, value.repo, value.issue);
  });

  app.get<{ Params: IssueParams }>(
    '/repos/:owner/:repo/issues/:issue_number/comments',
    async (req, reply) => {
      const { repo, issue } = findIssue(ctx, ref(req.params), viewerLogin(req));
      const since = sinceQuery(query(req, 'since'));
      const comments = issue.comments.filter(
        (c) => since === null || Date.parse(c.updatedAt) >= since,
      );
      return paginate(req, reply, state.urls.origin, comments).map((c) =>
        renderComment(state, repo, issue, c),
      );
    },
  );

  app.post<{ Params: IssueParams }>(
    '/repos/:owner/:repo/issues/:issue_number/comments',
    async (req, reply) => {
      const viewer = requireViewer(req);
      const { value } = createComment(ctx, {
        ...ref(req.params),
        author: viewer.login,
        body: bodyRecord(req).body,
      });
      const json = renderComment(state, value.repo, value.issue, value.comment);
      reply.code(201).header('location', json.url);
      return json;
    },
  );

  const commentRef = (p: CommentParams) => ({
    owner: p.owner,
    repo: p.repo,
    commentId: numberParam(p.comment_id),
  });

  app.get<{ Params: CommentParams }>(
    '/repos/:owner/:repo/issues/comments/:comment_id',
    async (req) => {
      const { repo, issue, comment } = findComment(ctx, commentRef(req.params), viewerLogin(req));
      return renderComment(state, repo, issue, comment);
    },
  );

  app.patch<{ Params: CommentParams }>(
    '/repos/:owner/:repo/issues/comments/:comment_id',
    async (req) => {
      const viewer = requireViewer(req);
      const { value } = editComment(ctx, {
        ...commentRef(req.params),
        actor: viewer.login,
        body: bodyRecord(req).body,
      });
      return renderComment(state, value.repo, value.issue, value.comment);
    },
  );

  app.delete<{ Params: CommentParams }>(
    '/repos/:owner/:repo/issues/comments/:comment_id',
    async (req, reply) => {
      const viewer = requireViewer(req);
      deleteComment(ctx, { ...commentRef(req.params), actor: viewer.login });
      reply.code(204);
      return null;
    },
  );

  app.get<{ Params: IssueParams }>(
    '/repos/:owner/:repo/issues/:issue_number/labels',
    async (req, reply) => {
      const { repo, issue } = findIssue(ctx, ref(req.params), viewerLogin(req));
      return paginate(req, reply, state.urls.origin, issueLabels(state, repo, issue));
    },
  );

  app.post<{ Params: IssueParams }>(
    '/repos/:owner/:repo/issues/:issue_number/labels',
    async (req) => {
      const viewer = requireViewer(req);
      // GitHub takes `{ labels: [...] }` or a bare array, of names or `{ name }` objects.
      const labels = Array.isArray(req.body) ? req.body : bodyRecord(req).labels;
      const { repo, issue } = addLabels(ctx, { ...ref(req.params), actor: viewer.login, labels });
      return issueLabels(state, repo, issue);
    },
  );

  app.delete<{ Params: IssueParams & { name: string } }>(
    '/repos/:owner/:repo/issues/:issue_number/labels/:name',
    async (req) => {
      const viewer = requireViewer(req);
      const { repo, issue } = removeLabel(ctx, {
        ...ref(req.params),
        actor: viewer.login,
        name: req.params.name,
      });
      return issueLabels(state, repo, issue);
    },
  );
}
