import type { FastifyInstance, FastifyRequest } from 'fastify';
import { findPull } from '../../actions/pull-requests';
import {
  controlClosePullRequest,
  controlMergePullRequest,
  controlOpenPullRequest,
  controlReviewPullRequest,
} from '../../control';
import { renderPull } from '../../render/pulls';
import type { SimContext } from '../../sim-context';
import { SimError } from '../../sim-error';
import type { ReviewState } from '../../world/types';
import type { FailureInjector, FailureRule } from '../failure-injector';
import { bodyRecord, itemRef, type RepoParams } from '../request-helpers';

type PullParams = RepoParams & { number: string };

function requiredString(body: Record<string, unknown>, field: string): string {
  const value = body[field];
  if (typeof value !== 'string' || !value.trim()) {
    throw new SimError(400, `${field} is required (a non-empty string)`);
  }
  return value;
}

function optionalString(body: Record<string, unknown>, field: string): string | undefined {
  const value = body[field];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'string') throw new SimError(400, `${field} must be a string`);
  return value;
}

const REVIEW_STATES: ReviewState[] = ['APPROVED', 'CHANGES_REQUESTED', 'COMMENTED'];
const FAILURE_STATUSES = [403, 409, 422, 429, 500, 502, 503] as const;

/** `/_sim`: the HTTP twins of `GithubSim`'s methods, for tests and the demo UI. */
export function registerControlRoutes(
  app: FastifyInstance,
  ctx: SimContext,
  failures: FailureInjector,
): void {
  const { state } = ctx;

  app.post('/_sim/tokens', async (req) => {
    const body = bodyRecord(req);
    const login = requiredString(body, 'login');
    const scope = optionalString(body, 'scope');
    const scopes = scope === undefined ? undefined : scope.split(/[\s,]+/).filter(Boolean);
    return { token: state.issueToken(login, scopes) };
  });

  app.get('/_sim/users', async () => state.world.users.map((u) => u.login));

  app.get('/_sim/deliveries', async () => {
    await ctx.webhooks.idle();
    return ctx.webhooks.records();
  });

  app.post<{ Params: RepoParams }>('/_sim/repos/:owner/:repo/pulls', async (req, reply) => {
    const body = bodyRecord(req);
    const pull = await controlOpenPullRequest(ctx, {
      ...req.params,
      author: requiredString(body, 'author'),
      title: requiredString(body, 'title'),
      body: optionalString(body, 'body'),
      head: optionalString(body, 'head'),
    });
    reply.code(201);
    return pull;
  });

  app.post<{ Params: PullParams }>(
    '/_sim/repos/:owner/:repo/pulls/:number/reviews',
    async (req, reply) => {
      const body = bodyRecord(req);
      const reviewState = requiredString(body, 'state') as ReviewState;
      if (!REVIEW_STATES.includes(reviewState)) {
        throw new SimError(400, `state must be one of ${REVIEW_STATES.join(', ')}`);
      }
      const review = await controlReviewPullRequest(ctx, {
        ...itemRef(req.params, req.params.number),
        reviewer: requiredString(body, 'reviewer'),
        state: reviewState,
        body: optionalString(body, 'body'),
      });
      reply.code(201);
      return review;
    },
  );

  const pullAction =
    (action: typeof controlMergePullRequest) =>
    async (req: FastifyRequest<{ Params: PullParams }>) => {
      const body = bodyRecord(req);
      const input = {
        ...itemRef(req.params, req.params.number),
        by: requiredString(body, 'by'),
      };
      await action(ctx, input);
      const { repo, issue } = findPull(ctx, input, input.by);
      return renderPull(state, repo, issue);
    };

  app.post<{ Params: PullParams }>(
    '/_sim/repos/:owner/:repo/pulls/:number/merge',
    pullAction(controlMergePullRequest),
  );
  app.post<{ Params: PullParams }>(
    '/_sim/repos/:owner/:repo/pulls/:number/close',
    pullAction(controlClosePullRequest),
  );

  /** `failNext` over HTTP: `{ path }` is an exact path, `{ pathRegex }` a regular expression. */
  app.post('/_sim/failures', async (req, reply) => {
    const body = bodyRecord(req);
    const status = Number(body.status) as FailureRule['status'];
    if (!FAILURE_STATUSES.includes(status)) {
      throw new SimError(400, `status must be one of ${FAILURE_STATUSES.join(', ')}`);
    }
    const path = optionalString(body, 'path');
    const regex = optionalString(body, 'pathRegex');
    if (!path && !regex) throw new SimError(400, 'path or pathRegex is required');
    failures.add({
      method: optionalString(body, 'method'),
      pathPattern: regex ? new RegExp(regex) : (path as string),
      status,
      times: typeof body.times === 'number' ? body.times : undefined,
      rateLimit: body.rateLimit === true,
      message: optionalString(body, 'message'),
    });
    reply.code(204);
    return null;
  });
}
