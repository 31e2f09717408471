import type { SimCheckRun, SimState, SimStatus } from '../sim-state';
import type { WorldRepo } from '../world/types';
import { renderApp } from './apps';
import type { CheckRun, CombinedStatus, CommitStatus } from './github-types';
import { isPull } from './pulls';
import { renderRepo } from './repos';
import { avatarUrl, nodeId, repoApiUrl, repoHtmlUrl } from './urls';
import { renderSimpleUser } from './users';

export function renderStatus(s: SimState, repo: WorldRepo, status: SimStatus): CommitStatus {
  return {
    url: `${repoApiUrl(s, repo)}/statuses/${status.sha}`,
    avatar_url: avatarUrl(s, status.creator),
    id: status.id,
    node_id: nodeId('StatusContext', status.id),
    state: status.state,
    description: status.description,
    target_url: status.targetUrl,
    context: status.context,
    created_at: status.createdAt,
    updated_at: status.updatedAt,
    creator: renderSimpleUser(s, status.creator),
  };
}

export function renderCombinedStatus(
  s: SimState,
  repo: WorldRepo,
  sha: string,
  combined: { state: string; statuses: SimStatus[] },
): CombinedStatus {
  const api = repoApiUrl(s, repo);
  const statuses = combined.statuses.map((status) => {
    const { creator: _creator, ...rest } = renderStatus(s, repo, status);
    return { ...rest, required: false };
  });
  return {
    state: combined.state,
    statuses,
    sha,
    total_count: statuses.length,
    repository: minimalRepo(s, repo),
    commit_url: `${api}/commits/${sha}`,
    url: `${api}/commits/${sha}/status`,
  };
}

/** The `minimal-repository` of the combined status: its license is never partly null. */
function minimalRepo(s: SimState, repo: WorldRepo) {
  const { license, ...rest } = renderRepo(s, repo);
  return {
    ...rest,
    license: license
      ? {
          key: license.key,
          name: license.name,
          spdx_id: license.spdx_id ?? undefined,
          url: license.url ?? undefined,
          node_id: license.node_id,
        }
      : null,
  };
}

/** A check run's `pull_requests`: the open pull requests whose head is its commit. */
function checkRunPulls(s: SimState, repo: WorldRepo, sha: string) {
  const api = repoApiUrl(s, repo);
  const repoRef = { id: repo.id, url: api, name: repo.name };
  return repo.issues
    .filter(isPull)
    .filter((i) => i.state === 'open' && i.pull.headSha === sha)
    .map((i) => ({
      url: `${api}/pulls/${i.number}`,
      id: i.pull.id,
      number: i.number,
      head: { ref: i.pull.headRef, sha: i.pull.headSha, repo: repoRef },
      base: { ref: i.pull.baseRef, sha: i.pull.baseSha, repo: repoRef },
    }));
}

export function renderCheckRun(s: SimState, repo: WorldRepo, run: SimCheckRun): CheckRun {
  const app = s.findApp(run.appId);
  if (!app) throw new Error(`check run ${run.id} has no app`);
  const url = `${repoApiUrl(s, repo)}/check-runs/${run.id}`;
  const html = `${repoHtmlUrl(s, repo)}/runs/${run.id}`;
  return {
    id: run.id,
    head_sha: run.headSha,
    node_id: nodeId('CheckRun', run.id),
    external_id: run.externalId,
    url,
    html_url: html,
    details_url: run.detailsUrl ?? html,
    status: run.status,
    conclusion: run.conclusion,
    started_at: run.startedAt,
    completed_at: run.completedAt,
    output: {
      title: run.output.title,
      summary: run.output.summary,
      text: run.output.text,
      annotations_count: 0,
      annotations_url: `${url}/annotations`,
    },
    name: run.name,
    check_suite: { id: run.checkSuiteId },
    app: renderApp(s, app),
    pull_requests: checkRunPulls(s, repo, run.headSha),
  };
}

/** The check suite a `check_run` webhook carries in full. */
export function renderCheckSuiteOf(s: SimState, repo: WorldRepo, run: SimCheckRun) {
  const app = s.findApp(run.appId);
  if (!app) throw new Error(`check run ${run.id} has no app`);
  const runs = s.checkRuns.filter((r) => r.checkSuiteId === run.checkSuiteId);
  const completed = runs.every((r) => r.status === 'completed');
  const head = repo.issues.filter(isPull).find((i) => i.pull.headSha === run.headSha);
  return {
    id: run.checkSuiteId,
    node_id: nodeId('CheckSuite', run.checkSuiteId),
    head_branch: head?.pull.headRef ?? null,
    head_sha: run.headSha,
    status: completed
      ? 'completed'
      : runs.some((r) => r.status === 'in_progress')
        ? 'in_progress'
        : 'queued',
    conclusion: completed ? (run.conclusion ?? null) : null,
    url: `${repoApiUrl(s, repo)}/check-suites/${run.checkSuiteId}`,
    before: null,
    after: run.headSha,
    pull_requests: checkRunPulls(s, repo, run.headSha),
    app: renderApp(s, app),
    created_at: runs[0]?.createdAt ?? run.createdAt,
    updated_at: run.updatedAt,
  };
}
