import type { FastifyInstance, FastifyRequest } from 'fastify';
import { findPull } from '../../actions/pull-requests';
import { expireInstallationTokens, type CreateAppInput } from '../../actions/apps';
import {
  appInfo,
  controlAddInstallationRepositories,
  controlCommentOnIssue,
  controlCreateApp,
  controlDeleteComment,
  controlEditComment,
  controlInstallApp,
  controlUpdateApp,
  controlInstallationToken,
  controlPushToPullRequest,
  controlRemoveInstallationRepositories,
  controlUninstallApp,
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
import { bodyRecord, itemRef, numberParam, type RepoParams } from '../request-helpers';
import type { RequestLog } from '../request-log';

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

function stringList(body: Record<string, unknown>, field: string): string[] {
  const value = body[field];
  if (!Array.isArray(value) || !value.every((v) => typeof v === 'string')) {
    throw new SimError(400, `${field} must be an array of strings`);
  }
  return value as string[];
}

const REVIEW_STATES: ReviewState[] = ['APPROVED', 'CHANGES_REQUESTED', 'COMMENTED'];
const FAILURE_STATUSES = [403, 409, 422, 429, 500, 502, 503] as const;

/** `/_sim`: the HTTP twins of `GithubSim`'s methods, for tests and the demo UI. */
export function registerControlRoutes(
  app: FastifyInstance,
  ctx: SimContext,
  failures: FailureInjector,
  requests: RequestLog,
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

  app.get('/_sim/requests', async () => requests.all());

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

  // GitHub Apps: register, install, change repositories, tokens and the clock.
  app.post('/_sim/apps', async (req, reply) => {
    const body = bodyRecord(req);
    const input: CreateAppInput = {
      slug: requiredString(body, 'slug'),
      name: optionalString(body, 'name'),
      id: typeof body.id === 'number' ? body.id : undefined,
      owner: optionalString(body, 'owner'),
      description: optionalString(body, 'description'),
      privateKey: optionalString(body, 'privateKey'),
      webhookUrl: optionalString(body, 'webhookUrl'),
      webhookSecret: optionalString(body, 'webhookSecret'),
      permissions:
        typeof body.permissions === 'object' && body.permissions !== null
          ? (body.permissions as CreateAppInput['permissions'])
          : undefined,
      events: body.events === undefined ? undefined : stringList(body, 'events'),
    };
    reply.code(201);
    return controlCreateApp(ctx, input);
  });

  app.get('/_sim/apps', async () => state.apps.map(appInfo));

  app.patch<{ Params: { app: string } }>('/_sim/apps/:app', async (req) => {
    const body = bodyRecord(req);
    const nullable = (field: string) => (body[field] === null ? null : optionalString(body, field));
    return controlUpdateApp(ctx, req.params.app, {
      webhookUrl: nullable('webhookUrl'),
      webhookSecret: nullable('webhookSecret'),
    });
  });

  app.post<{ Params: { app: string } }>('/_sim/apps/:app/installations', async (req, reply) => {
    const body = bodyRecord(req);
    const installation = await controlInstallApp(ctx, {
      app: req.params.app,
      account: requiredString(body, 'account'),
      repositories:
        body.repositories === undefined || body.repositories === 'all'
          ? 'all'
          : stringList(body, 'repositories'),
      by: optionalString(body, 'by'),
    });
    reply.code(201);
    return installation;
  });

  type InstallationParams = { id: string };
  const installationId = (p: InstallationParams) => numberParam(p.id);

  app.delete<{ Params: InstallationParams }>('/_sim/installations/:id', async (req, reply) => {
    const body = bodyRecord(req);
    await controlUninstallApp(ctx, {
      installationId: installationId(req.params),
      by: optionalString(body, 'by'),
    });
    reply.code(204);
    return null;
  });

  app.post<{ Params: InstallationParams }>('/_sim/installations/:id/repositories', async (req) => {
    const body = bodyRecord(req);
    return controlAddInstallationRepositories(ctx, {
      installationId: installationId(req.params),
      repositories: stringList(body, 'repositories'),
      by: optionalString(body, 'by'),
    });
  });

  app.post<{ Params: InstallationParams }>(
    '/_sim/installations/:id/repositories/remove',
    async (req) => {
      const body = bodyRecord(req);
      return controlRemoveInstallationRepositories(ctx, {
        installationId: installationId(req.params),
        repositories: stringList(body, 'repositories'),
        by: optionalString(body, 'by'),
      });
    },
  );

  app.post<{ Params: InstallationParams }>('/_sim/installations/:id/token', async (req) =>
    controlInstallationToken(ctx, installationId(req.params)),
  );

  app.post('/_sim/installation-tokens/expire', async (req) => {
    const body = bodyRecord(req);
    const id = body.installationId;
    if (id !== undefined && typeof id !== 'number') {
      throw new SimError(400, 'installationId must be a number');
    }
    return { expired: expireInstallationTokens(ctx, id) };
  });

  app.post('/_sim/clock', async (req) => {
    const ms = bodyRecord(req).advanceMs;
    if (typeof ms !== 'number' || !Number.isFinite(ms) || ms < 0) {
      throw new SimError(400, 'advanceMs must be a number >= 0');
    }
    state.clockOffsetMs += ms;
    return { now: new Date(state.now()).toISOString() };
  });

  // Comments as anyone, and pushes to pull requests.
  app.post<{ Params: RepoParams & { number: string } }>(
    '/_sim/repos/:owner/:repo/issues/:number/comments',
    async (req, reply) => {
      const body = bodyRecord(req);
      const comment = await controlCommentOnIssue(ctx, {
        ...itemRef(req.params, req.params.number),
        author: requiredString(body, 'author'),
        body: requiredString(body, 'body'),
      });
      reply.code(201);
      return comment;
    },
  );

  type CommentParams = RepoParams & { comment_id: string };
  const commentRef = (req: FastifyRequest<{ Params: CommentParams }>) => ({
    owner: req.params.owner,
    repo: req.params.repo,
    commentId: numberParam(req.params.comment_id),
    by: requiredString(bodyRecord(req), 'by'),
  });

  app.patch<{ Params: CommentParams }>(
    '/_sim/repos/:owner/:repo/issues/comments/:comment_id',
    async (req) =>
      controlEditComment(ctx, {
        ...commentRef(req),
        body: requiredString(bodyRecord(req), 'body'),
      }),
  );

  app.delete<{ Params: CommentParams }>(
    '/_sim/repos/:owner/:repo/issues/comments/:comment_id',
    async (req, reply) => {
      await controlDeleteComment(ctx, commentRef(req));
      reply.code(204);
      return null;
    },
  );

  app.post<{ Params: PullParams }>('/_sim/repos/:owner/:repo/pulls/:number/push', async (req) => {
    const body = bodyRecord(req);
    return controlPushToPullRequest(ctx, {
      ...itemRef(req.params, req.params.number),
      by: optionalString(body, 'by'),
      sha: optionalString(body, 'sha'),
    });
  });

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
