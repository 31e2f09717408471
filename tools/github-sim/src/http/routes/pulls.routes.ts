import type { FastifyInstance } from 'fastify';
import {
  findPull,
  mergePullRequest,
  reviewPullRequest,
  updatePullRequest,
} from '../../actions/pull-requests';
import type { MergeResult } from '../../render/github-types';
import { isPull, renderPull, renderReview } from '../../render/pulls';
import type { SimContext } from '../../sim-context';
import { notFound, validationFailed } from '../../sim-error';
import type { ReviewState } from '../../world/types';
import {
  bodyRecord,
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

type PullParams = RepoParams & { pull_number: string };

const REVIEW_EVENTS: Record<string, ReviewState> = {
  APPROVE: 'APPROVED',
  REQUEST_CHANGES: 'CHANGES_REQUESTED',
  COMMENT: 'COMMENTED',
};

const optionalString = (value: unknown, field: string): string | undefined => {
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'string') {
    throw validationFailed({ resource: 'PullRequest', code: 'invalid', field });
  }
  return value;
};

export function registerPullRoutes(app: FastifyInstance, ctx: SimContext): void {
  const { state } = ctx;
  const ref = (p: PullParams) => itemRef(p, p.pull_number);

  app.get<{ Params: RepoParams }>('/repos/:owner/:repo/pulls', async (req, reply) => {
    const repo = state.readableRepo(req.params.owner, req.params.repo, viewerLogin(req));
    const stateMatches = stateFilter(req);
    const sort = enumQuery(
      req,
      'sort',
      ['created', 'updated', 'popularity', 'long-running'] as const,
      'created',
    );
    const dir = direction(req, sort !== 'created');
    const head = query(req, 'head')?.toLowerCase();
    const base = query(req, 'base')?.toLowerCase();
    const pulls = repo.issues.filter(isPull).filter((issue) => {
      if (!stateMatches(issue)) return false;
      // `head` is `user:ref` (or `org:ref`); every simulated branch lives in the repository.
      if (head && `${repo.owner}:${issue.pull.headRef}`.toLowerCase() !== head) return false;
      return !base || issue.pull.baseRef.toLowerCase() === base;
    });
    // `popularity` is the comment count; `long-running` orders by creation, as `created` does.
    const by = sort === 'popularity' ? 'comments' : sort === 'updated' ? 'updated' : 'created';
    sortIssues(pulls, by, dir);
    return paginate(req, reply, state.urls.origin, pulls).map((p) => renderPull(state, repo, p));
  });

  app.get<{ Params: PullParams }>('/repos/:owner/:repo/pulls/:pull_number', async (req) => {
    const { repo, issue } = findPull(ctx, ref(req.params), viewerLogin(req));
    return renderPull(state, repo, issue);
  });

  app.patch<{ Params: PullParams }>('/repos/:owner/:repo/pulls/:pull_number', async (req) => {
    const viewer = requireViewer(req);
    const body = bodyRecord(req);
    const { value } = updatePullRequest(ctx, {
      ...ref(req.params),
      by: viewer.login,
      title: optionalString(body.title, 'title'),
      body: body.body === null ? null : optionalString(body.body, 'body'),
      state: optionalString(body.state, 'state'),
    });
    return renderPull(state, value.repo, value.issue);
  });

  app.get<{ Params: PullParams }>(
    '/repos/:owner/:repo/pulls/:pull_number/merge',
    async (req, reply) => {
      const { issue } = findPull(ctx, ref(req.params), viewerLogin(req));
      if (!issue.pull.merged) throw notFound();
      reply.code(204);
      return null;
    },
  );

  app.put<{ Params: PullParams }>(
    '/repos/:owner/:repo/pulls/:pull_number/merge',
    async (req): Promise<MergeResult> => {
      const viewer = requireViewer(req);
      const body = bodyRecord(req);
      const { value } = mergePullRequest(ctx, {
        ...ref(req.params),
        by: viewer.login,
        sha: optionalString(body.sha, 'sha'),
        mergeMethod: optionalString(body.merge_method, 'merge_method'),
        commitTitle: optionalString(body.commit_title, 'commit_title'),
      });
      return { sha: value.sha, merged: true, message: value.message };
    },
  );

  app.get<{ Params: PullParams }>(
    '/repos/:owner/:repo/pulls/:pull_number/reviews',
    async (req, reply) => {
      const { repo, issue } = findPull(ctx, ref(req.params), viewerLogin(req));
      return paginate(req, reply, state.urls.origin, issue.pull.reviews).map((r) =>
        renderReview(state, repo, issue, r),
      );
    },
  );

  app.post<{ Params: PullParams }>(
    '/repos/:owner/:repo/pulls/:pull_number/reviews',
    async (req) => {
      const viewer = requireViewer(req);
      const body = bodyRecord(req);
      // Pending (unsubmitted) reviews are not simulated: `event` is required.
      const event = typeof body.event === 'string' ? REVIEW_EVENTS[body.event] : undefined;
      if (!event) {
        throw validationFailed({ resource: 'PullRequestReview', code: 'invalid', field: 'event' });
      }
      const text = optionalString(body.body, 'body');
      if (event !== 'APPROVED' && !text?.trim()) {
        throw validationFailed({
          resource: 'PullRequestReview',
          code: 'missing_field',
          field: 'body',
        });
      }
      const { value } = reviewPullRequest(ctx, {
        ...ref(req.params),
        reviewer: viewer.login,
        state: event,
        body: text ?? '',
      });
      return renderReview(state, value.repo, value.issue, value.review);
    },
  );
}
