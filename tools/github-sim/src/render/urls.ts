import type { SimState } from '../sim-state';
import type { WorldIssue, WorldRepo } from '../world/types';

/** GitHub's global node ids in their legacy form: base64 of `0<length>:<Type><id>`. */
export const nodeId = (type: string, id: number | string): string =>
  Buffer.from(`0${type.length}:${type}${id}`).toString('base64');

export const avatarUrl = (s: SimState, login: string): string =>
  `${s.urls.webUrl}/avatars/${encodeURIComponent(login)}.png`;

export const userApiUrl = (s: SimState, login: string): string => `${s.urls.apiUrl}/users/${login}`;

export const repoApiUrl = (s: SimState, repo: WorldRepo): string =>
  `${s.urls.apiUrl}/repos/${repo.owner}/${repo.name}`;

export const repoHtmlUrl = (s: SimState, repo: WorldRepo): string =>
  `${s.urls.webUrl}/${repo.owner}/${repo.name}`;

/** Pull requests live at `/pull/N` on the web, issues at `/issues/N`. */
export const issueHtmlUrl = (s: SimState, repo: WorldRepo, issue: WorldIssue): string =>
  `${repoHtmlUrl(s, repo)}/${issue.pull ? 'pull' : 'issues'}/${issue.number}`;
