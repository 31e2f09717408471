/**
 * The simulator's data model: what the fixture stores and what the simulator mutates at run time.
 * It holds facts only (no URLs): the renderers in `src/render` turn them into GitHub's JSON shapes
 * with the URLs of the running simulator.
 */

/** A repository role, as GitHub names them (`read` is GitHub's `pull`, `write` its `push`). */
export type RepoRole = 'admin' | 'maintain' | 'write' | 'triage' | 'read';

export interface WorldUser {
  id: number;
  login: string;
  name: string | null;
  company: string | null;
  blog: string;
  location: string | null;
  bio: string | null;
  /** The primary, verified address (`GET /user/emails`). */
  email: string;
  /** When false, `email` is `null` in user objects, as on GitHub for a private address. */
  emailPublic: boolean;
  twitterUsername: string | null;
  hireable: boolean | null;
  followers: number;
  following: number;
  createdAt: string;
  updatedAt: string;
}

export interface WorldOrgMember {
  login: string;
  /** Organization owners (`admin`) get admin on every repository of the organization. */
  role: 'admin' | 'member';
}

export interface WorldOrg {
  id: number;
  login: string;
  name: string;
  description: string | null;
  blog: string;
  location: string | null;
  email: string | null;
  createdAt: string;
  updatedAt: string;
  /** Members get `read` on the organization's repositories (the base permission). */
  members: WorldOrgMember[];
}

export interface WorldLabel {
  id: number;
  name: string;
  color: string;
  description: string | null;
  default: boolean;
}

export interface WorldComment {
  id: number;
  author: string;
  body: string;
  createdAt: string;
  updatedAt: string;
}

export type ReviewState = 'APPROVED' | 'CHANGES_REQUESTED' | 'COMMENTED';

export interface WorldReview {
  id: number;
  author: string;
  state: ReviewState;
  body: string;
  submittedAt: string;
  commitId: string;
}

export interface WorldPull {
  /** A pull request has its own id, apart from the id of its issue. */
  id: number;
  headRef: string;
  headSha: string;
  baseRef: string;
  baseSha: string;
  draft: boolean;
  merged: boolean;
  mergedAt: string | null;
  mergedBy: string | null;
  mergeCommitSha: string | null;
  commits: number;
  additions: number;
  deletions: number;
  changedFiles: number;
  reviews: WorldReview[];
}

/** An issue, or a pull request when `pull` is set: they share one number sequence per repository. */
export interface WorldIssue {
  id: number;
  number: number;
  title: string;
  body: string | null;
  author: string;
  state: 'open' | 'closed';
  stateReason: 'completed' | 'not_planned' | 'reopened' | null;
  /** Label names; each exists in the repository's `labels`. */
  labels: string[];
  assignees: string[];
  locked: boolean;
  createdAt: string;
  updatedAt: string;
  closedAt: string | null;
  closedBy: string | null;
  comments: WorldComment[];
  pull?: WorldPull;
}

export interface WorldLicense {
  key: string;
  name: string;
  spdxId: string;
}

export interface WorldCollaborator {
  login: string;
  role: RepoRole;
}

export interface WorldRepo {
  id: number;
  /** Login of the owning user or organization. */
  owner: string;
  name: string;
  description: string | null;
  homepage: string | null;
  private: boolean;
  archived: boolean;
  topics: string[];
  /** Bytes of code per language, as `GET /repos/{owner}/{repo}/languages` reports them. */
  languages: Record<string, number>;
  stargazers: number;
  forks: number;
  subscribers: number;
  license: WorldLicense | null;
  defaultBranch: string;
  createdAt: string;
  updatedAt: string;
  pushedAt: string;
  readme: string;
  /** Outside collaborators and members with a role above their organization's base permission. */
  collaborators: WorldCollaborator[];
  labels: WorldLabel[];
  issues: WorldIssue[];
}

export interface World {
  version: 1;
  seed: number;
  users: WorldUser[];
  orgs: WorldOrg[];
  repos: WorldRepo[];
}
