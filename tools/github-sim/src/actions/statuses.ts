import { isPull, type PullIssue } from '../render/pulls';
import { checkRunPayload, statusPayload } from '../webhooks/payloads';
import type { Outcome, SimContext } from '../sim-context';
import { notFound, SimError, validationFailed } from '../sim-error';
import {
  isoNow,
  type CheckRunConclusion,
  type CheckRunStatus,
  type SimCheckRun,
  type SimState,
  type SimStatus,
  type StatusState,
} from '../sim-state';
import type { WorldRepo } from '../world/types';
import { requireAppPermission } from './issues';

const DOCS_STATUSES = 'https://docs.github.com/rest/commits/statuses';
const DOCS_CHECKS = 'https://docs.github.com/rest/checks/runs';

const STATUS_STATES: StatusState[] = ['error', 'failure', 'pending', 'success'];
const CHECK_STATUSES: CheckRunStatus[] = ['queued', 'in_progress', 'completed'];
const CONCLUSIONS: CheckRunConclusion[] = [
  'action_required',
  'cancelled',
  'failure',
  'neutral',
  'success',
  'skipped',
  'timed_out',
];

/** Every commit the simulator knows of a repository: pull requests' heads, bases and merges. */
export function knownCommit(ctx: SimContext, repo: WorldRepo, sha: string): boolean {
  const lower = sha.toLowerCase();
  if (ctx.state.commits.has(`${repo.id}:${lower}`)) return true;
  return repo.issues.some(
    (i) =>
      i.pull &&
      (i.pull.headSha === lower || i.pull.baseSha === lower || i.pull.mergeCommitSha === lower),
  );
}

/**
 * A commit from a ref: a known SHA, or a branch (`name`, `heads/name`, `refs/heads/name`) that
 * is the head of a pull request (its newest one). Otherwise GitHub's 422.
 */
export function resolveRef(ctx: SimContext, repo: WorldRepo, ref: string): string {
  if (/^[0-9a-f]{40}$/i.test(ref) && knownCommit(ctx, repo, ref)) return ref.toLowerCase();
  const branch = ref.replace(/^(?:refs\/)?heads\//, '');
  const heads = repo.issues
    .filter(isPull)
    .filter((i) => i.pull.headRef === branch)
    .sort((a, b) => b.number - a.number);
  const head = heads[0];
  if (head) return head.pull.headSha;
  throw new SimError(422, `No commit found for SHA: ${ref}`, {
    documentationUrl: `${DOCS_STATUSES}#get-the-combined-status-for-a-specific-reference`,
  });
}

/** The pull requests whose head is `sha` (what a check run's `pull_requests` lists: open ones). */
export function pullsWithHead(repo: WorldRepo, sha: string): PullIssue[] {
  return repo.issues.filter(isPull).filter((i) => i.state === 'open' && i.pull.headSha === sha);
}

function writableRepo(
  ctx: SimContext,
  ref: { owner: string; repo: string },
  actor: string,
  appPermission: string,
  docs: string,
): WorldRepo {
  const repo = ctx.state.readableRepo(ref.owner, ref.repo, actor);
  if (ctx.state.findBot(actor)) {
    requireAppPermission(ctx, repo, actor, [appPermission]);
  } else if (!ctx.state.hasPermission(repo, actor, 'write')) {
    // GitHub answers 404 to a reader who may not write statuses.
    throw new SimError(404, 'Not Found', { documentationUrl: docs });
  }
  return repo;
}

const optionalText = (value: unknown, resource: string, field: string): string | null => {
  if (value === undefined || value === null) return null;
  if (typeof value !== 'string') throw validationFailed({ resource, code: 'invalid', field });
  return value;
};

/** `POST /repos/{owner}/{repo}/statuses/{sha}`: push access (an app: `statuses` write). */
export function createStatus(
  ctx: SimContext,
  input: { owner: string; repo: string; sha: string; actor: string; body: Record<string, unknown> },
): Outcome<{ repo: WorldRepo; status: SimStatus }> {
  const actor = ctx.state.requireActor(input.actor);
  const docs = `${DOCS_STATUSES}#create-a-commit-status`;
  const repo = writableRepo(ctx, input, actor, 'statuses', docs);
  const { body } = input;
  if (!STATUS_STATES.includes(body.state as StatusState)) {
    throw validationFailed({ resource: 'Status', code: 'invalid', field: 'state' });
  }
  const description = optionalText(body.description, 'Status', 'description');
  if (description !== null && description.length > 140) {
    throw validationFailed({
      resource: 'Status',
      code: 'custom',
      field: 'description',
      message: 'description is too long (maximum is 140 characters)',
    });
  }
  const targetUrl = optionalText(body.target_url, 'Status', 'target_url');
  const context = optionalText(body.context, 'Status', 'context') ?? 'default';
  if (!knownCommit(ctx, repo, input.sha)) {
    throw new SimError(422, `No commit found for SHA: ${input.sha}`, { documentationUrl: docs });
  }
  const now = isoNow();
  const status: SimStatus = {
    id: ctx.state.nextId('status'),
    repoId: repo.id,
    sha: input.sha.toLowerCase(),
    state: body.state as StatusState,
    targetUrl: targetUrl || null,
    description,
    context,
    creator: actor,
    createdAt: now,
    updatedAt: now,
  };
  ctx.state.statuses.push(status);
  const payload = statusPayload(ctx.state, repo, status);
  return { value: { repo, status }, delivered: ctx.webhooks.emit(repo, 'status', payload) };
}

/** A commit's statuses, newest first (as `GET .../commits/{ref}/statuses` lists them). */
export function statusesOf(ctx: SimContext, repo: WorldRepo, sha: string): SimStatus[] {
  return ctx.state.statuses.filter((s) => s.repoId === repo.id && s.sha === sha).reverse();
}

/** The newest status of each context, and GitHub's combined state of them. */
export function combinedStatus(
  ctx: SimContext,
  repo: WorldRepo,
  sha: string,
): { state: 'failure' | 'pending' | 'success'; statuses: SimStatus[] } {
  const latest = new Map<string, SimStatus>();
  for (const status of statusesOf(ctx, repo, sha)) {
    if (!latest.has(status.context)) latest.set(status.context, status);
  }
  const statuses = [...latest.values()];
  const states = statuses.map((s) => s.state);
  const state =
    states.includes('error') || states.includes('failure')
      ? 'failure'
      : states.length === 0 || states.includes('pending')
        ? 'pending'
        : 'success';
  return { state, statuses };
}

function checkFields(body: Record<string, unknown>, run: Partial<SimCheckRun>) {
  const invalid = (field: string) =>
    validationFailed({ resource: 'CheckRun', code: 'invalid', field });
  if (body.name !== undefined) {
    if (typeof body.name !== 'string' || !body.name.trim()) throw invalid('name');
    run.name = body.name;
  }
  if (body.details_url !== undefined)
    run.detailsUrl = optionalText(body.details_url, 'CheckRun', 'details_url');
  if (body.external_id !== undefined) {
    run.externalId = optionalText(body.external_id, 'CheckRun', 'external_id') ?? '';
  }
  if (body.status !== undefined) {
    if (!CHECK_STATUSES.includes(body.status as CheckRunStatus)) throw invalid('status');
    run.status = body.status as CheckRunStatus;
  }
  if (body.conclusion !== undefined && body.conclusion !== null) {
    if (!CONCLUSIONS.includes(body.conclusion as CheckRunConclusion)) throw invalid('conclusion');
    run.conclusion = body.conclusion as CheckRunConclusion;
  }
  for (const [field, key] of [
    ['started_at', 'startedAt'],
    ['completed_at', 'completedAt'],
  ] as const) {
    const value = body[field];
    if (value === undefined) continue;
    if (typeof value !== 'string' || Number.isNaN(Date.parse(value))) throw invalid(field);
    run[key] = new Date(value).toISOString().replace(/\.\d{3}Z$/, 'Z');
  }
  if (body.output !== undefined) {
    const output = body.output as Record<string, unknown> | null;
    if (typeof output !== 'object' || output === null) throw invalid('output');
    if (typeof output.title !== 'string' || typeof output.summary !== 'string') {
      throw validationFailed({ resource: 'CheckRun', code: 'missing_field', field: 'output' });
    }
    run.output = {
      title: output.title,
      summary: output.summary,
      text: optionalText(output.text, 'CheckRun', 'output.text'),
    };
  }
  // A conclusion (or a completion time) completes the run, as on GitHub.
  if (run.conclusion || run.completedAt) run.status = 'completed';
  if (run.status === 'completed') {
    if (!run.conclusion) {
      throw validationFailed({
        resource: 'CheckRun',
        code: 'missing_field',
        field: 'conclusion',
        message: 'conclusion must be given when status is completed',
      });
    }
    run.completedAt ??= isoNow();
  }
}

/** Check runs are made by GitHub Apps only: any other token gets GitHub's 403. */
function requireAppActor(ctx: SimContext, actor: string, repo: WorldRepo, docs: string) {
  const app = ctx.state.findBot(actor);
  if (!app) {
    throw new SimError(403, 'You must authenticate via a GitHub App.', { documentationUrl: docs });
  }
  requireAppPermission(ctx, repo, actor, ['checks']);
  return app;
}

/** `POST /repos/{owner}/{repo}/check-runs`: webhook `check_run` created (and completed). */
export function createCheckRun(
  ctx: SimContext,
  input: { owner: string; repo: string; actor: string; body: Record<string, unknown> },
): Outcome<{ repo: WorldRepo; run: SimCheckRun }> {
  const actor = ctx.state.requireActor(input.actor);
  const repo = ctx.state.readableRepo(input.owner, input.repo, actor);
  const docs = `${DOCS_CHECKS}#create-a-check-run`;
  const app = requireAppActor(ctx, actor, repo, docs);
  const { body } = input;
  if (typeof body.name !== 'string' || !body.name.trim()) {
    throw validationFailed({ resource: 'CheckRun', code: 'missing_field', field: 'name' });
  }
  if (typeof body.head_sha !== 'string' || !knownCommit(ctx, repo, body.head_sha)) {
    throw new SimError(422, `No commit found for SHA: ${String(body.head_sha ?? '')}`, {
      documentationUrl: docs,
    });
  }
  const headSha = body.head_sha.toLowerCase();
  const now = isoNow();
  // One check suite per app and commit, as GitHub makes them.
  const suite = ctx.state.checkRuns.find(
    (r) => r.repoId === repo.id && r.appId === app.id && r.headSha === headSha,
  )?.checkSuiteId;
  const run: SimCheckRun = {
    id: ctx.state.nextId('checkRun'),
    repoId: repo.id,
    appId: app.id,
    checkSuiteId: suite ?? ctx.state.nextId('checkSuite'),
    headSha,
    name: body.name,
    status: 'queued',
    conclusion: null,
    startedAt: now,
    completedAt: null,
    detailsUrl: null,
    externalId: '',
    output: { title: null, summary: null, text: null },
    createdAt: now,
    updatedAt: now,
  };
  checkFields(body, run);
  ctx.state.checkRuns.push(run);
  const events = [
    ctx.webhooks.emit(repo, 'check_run', checkRunPayload(ctx.state, repo, run, 'created', actor)),
  ];
  if (run.status === 'completed') {
    events.push(
      ctx.webhooks.emit(
        repo,
        'check_run',
        checkRunPayload(ctx.state, repo, run, 'completed', actor),
      ),
    );
  }
  return { value: { repo, run }, delivered: Promise.all(events).then(() => undefined) };
}

export function findCheckRun(
  ctx: SimContext,
  ref: { owner: string; repo: string; checkRunId: number },
  actor: string | null,
): { repo: WorldRepo; run: SimCheckRun } {
  const repo = ctx.state.readableRepo(ref.owner, ref.repo, actor);
  const run = ctx.state.checkRuns.find((r) => r.repoId === repo.id && r.id === ref.checkRunId);
  if (!run) throw notFound();
  return { repo, run };
}

/** `PATCH .../check-runs/{id}` by the app that made it: webhook `check_run` completed on completion. */
export function updateCheckRun(
  ctx: SimContext,
  input: {
    owner: string;
    repo: string;
    checkRunId: number;
    actor: string;
    body: Record<string, unknown>;
  },
): Outcome<{ repo: WorldRepo; run: SimCheckRun }> {
  const actor = ctx.state.requireActor(input.actor);
  const { repo, run } = findCheckRun(ctx, input, actor);
  const app = requireAppActor(ctx, actor, repo, `${DOCS_CHECKS}#update-a-check-run`);
  if (app.id !== run.appId)
    throw new SimError(
      403,
      'Invalid app_id `' +
        String(app.id) +
        '` - check run can only be modified by the GitHub App that created it.',
    );
  const wasCompleted = run.status === 'completed';
  const next: Partial<SimCheckRun> = { ...run };
  checkFields(input.body, next);
  Object.assign(run, next, { updatedAt: isoNow() });
  const delivered =
    !wasCompleted && run.status === 'completed'
      ? ctx.webhooks.emit(
          repo,
          'check_run',
          checkRunPayload(ctx.state, repo, run, 'completed', actor),
        )
      : Promise.resolve();
  return { value: { repo, run }, delivered };
}

const FAILED_CHECK: (CheckRunConclusion | null)[] = [
  'action_required',
  'cancelled',
  'failure',
  'timed_out',
];

/**
 * GraphQL's `Commit.statusCheckRollup.state`: GitHub's one state over the newest status of each
 * context and the newest check run of each name (per app). Null when the commit has neither.
 * A failed or errored one makes it FAILURE (ERROR when only statuses errored), one still running
 * PENDING; neutral and skipped runs pass.
 */
export function checkRollup(
  state: SimState,
  repo: WorldRepo,
  sha: string,
): 'SUCCESS' | 'PENDING' | 'FAILURE' | 'ERROR' | null {
  const statuses = new Map<string, SimStatus>();
  for (const status of state.statuses) {
    if (status.repoId === repo.id && status.sha === sha) statuses.set(status.context, status);
  }
  const runs = new Map<string, SimCheckRun>();
  for (const run of state.checkRuns) {
    if (run.repoId === repo.id && run.headSha === sha) runs.set(`${run.appId}:${run.name}`, run);
  }
  if (statuses.size === 0 && runs.size === 0) return null;
  const states = [...statuses.values()].map((s) => s.state);
  const checks = [...runs.values()];
  if (states.includes('failure') || checks.some((r) => FAILED_CHECK.includes(r.conclusion))) {
    return 'FAILURE';
  }
  if (states.includes('error')) return 'ERROR';
  if (states.includes('pending') || checks.some((r) => r.status !== 'completed')) return 'PENDING';
  return 'SUCCESS';
}
