import type { FastifyInstance } from 'fastify';
import {
  combinedStatus,
  createCheckRun,
  createStatus,
  findCheckRun,
  resolveRef,
  statusesOf,
  updateCheckRun,
} from '../../actions/statuses';
import { renderCheckRun, renderCombinedStatus, renderStatus } from '../../render/statuses';
import type { SimContext } from '../../sim-context';
import type { SimCheckRun } from '../../sim-state';
import {
  bodyRecord,
  enumQuery,
  numberParam,
  paginate,
  query,
  requireViewer,
  viewerLogin,
  type RepoParams,
} from '../request-helpers';

type RefParams = RepoParams & { ref: string };
type CheckRunParams = RepoParams & { check_run_id: string };

/** Commit statuses and check runs, on the commits the simulator knows (pull requests' heads). */
export function registerStatusRoutes(app: FastifyInstance, ctx: SimContext): void {
  const { state } = ctx;

  app.post<{ Params: RepoParams & { sha: string } }>(
    '/repos/:owner/:repo/statuses/:sha',
    async (req, reply) => {
      const viewer = requireViewer(req);
      const { value } = createStatus(ctx, {
        ...req.params,
        actor: viewer.login,
        body: bodyRecord(req),
      });
      const json = renderStatus(state, value.repo, value.status);
      reply.code(201).header('location', json.url);
      return json;
    },
  );

  app.get<{ Params: RefParams }>(
    '/repos/:owner/:repo/commits/:ref/statuses',
    async (req, reply) => {
      const repo = state.readableRepo(req.params.owner, req.params.repo, viewerLogin(req));
      const sha = resolveRef(ctx, repo, req.params.ref);
      return paginate(req, reply, state.urls.origin, statusesOf(ctx, repo, sha)).map((s) =>
        renderStatus(state, repo, s),
      );
    },
  );

  app.get<{ Params: RefParams }>('/repos/:owner/:repo/commits/:ref/status', async (req) => {
    const repo = state.readableRepo(req.params.owner, req.params.repo, viewerLogin(req));
    const sha = resolveRef(ctx, repo, req.params.ref);
    return renderCombinedStatus(state, repo, sha, combinedStatus(ctx, repo, sha));
  });

  app.post<{ Params: RepoParams }>('/repos/:owner/:repo/check-runs', async (req, reply) => {
    const viewer = requireViewer(req);
    const { value } = createCheckRun(ctx, {
      ...req.params,
      actor: viewer.login,
      body: bodyRecord(req),
    });
    reply.code(201);
    return renderCheckRun(state, value.repo, value.run);
  });

  const runRef = (p: CheckRunParams) => ({
    owner: p.owner,
    repo: p.repo,
    checkRunId: numberParam(p.check_run_id),
  });

  app.get<{ Params: CheckRunParams }>(
    '/repos/:owner/:repo/check-runs/:check_run_id',
    async (req) => {
      const { repo, run } = findCheckRun(ctx, runRef(req.params), viewerLogin(req));
      return renderCheckRun(state, repo, run);
    },
  );

  app.patch<{ Params: CheckRunParams }>(
    '/repos/:owner/:repo/check-runs/:check_run_id',
    async (req) => {
      const viewer = requireViewer(req);
      const { value } = updateCheckRun(ctx, {
        ...runRef(req.params),
        actor: viewer.login,
        body: bodyRecord(req),
      });
      return renderCheckRun(state, value.repo, value.run);
    },
  );

  app.get<{ Params: RefParams }>(
    '/repos/:owner/:repo/commits/:ref/check-runs',
    async (req, reply) => {
      const repo = state.readableRepo(req.params.owner, req.params.repo, viewerLogin(req));
      const sha = resolveRef(ctx, repo, req.params.ref);
      const name = query(req, 'check_name');
      const status = enumQuery(
        req,
        'status',
        ['queued', 'in_progress', 'completed', ''] as const,
        '',
      );
      const filter = enumQuery(req, 'filter', ['latest', 'all'] as const, 'latest');
      const appId = query(req, 'app_id');
      let runs = state.checkRuns
        .filter((r) => r.repoId === repo.id && r.headSha === sha)
        .filter((r) => !name || r.name === name)
        .filter((r) => !status || r.status === status)
        .filter((r) => !appId || String(r.appId) === appId)
        .reverse();
      if (filter === 'latest') {
        const seen = new Set<string>();
        runs = runs.filter((r: SimCheckRun) => {
          const key = `${r.appId}:${r.name}`;
          if (seen.has(key)) return false;
          seen.add(key);
          return true;
        });
      }
      return {
        total_count: runs.length,
        check_runs: paginate(req, reply, state.urls.origin, runs).map((r) =>
          renderCheckRun(state, repo, r),
        ),
      };
    },
  );
}
