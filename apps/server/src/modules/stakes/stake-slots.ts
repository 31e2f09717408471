import {
  DEFAULT_REPOSITORY_POLICY,
  SPAM_MARK_WINDOW_DAYS,
  stakeRefusal,
  type RepositoryPolicy,
  type StakeRefusal,
} from '@openstake/core';
import type { Queryable } from '../../db/database';
import type { TrackedIssue } from '../issues/issue-store';
import { findConnectedRepository, repositoryPolicyOf } from '../repositories/connected-repository';
import type { ContributorStanding } from '../standing/read-standing';
import { stakeSlotCounts } from './stake-store';

/** The connected repository an issue belongs to, with its stake terms; null when not connected. */
export interface StakeRepository {
  id: string;
  /** The maintainer who connected it: told of each stake placed there (decision 018). */
  connectedBy: string;
  deductionPercent: number;
  policy: RepositoryPolicy;
}

/** The connected repository of an issue and its stake policy (decision 015), or null. */
export async function stakeRepositoryOf(
  db: Queryable,
  repositoryFullName: string,
): Promise<StakeRepository | null> {
  const row = await findConnectedRepository(db, repositoryFullName);
  if (!row) return null;
  return {
    id: row.id,
    connectedBy: row.connectedBy,
    deductionPercent: row.deductionPercent,
    policy: repositoryPolicyOf(row),
  };
}

const DAY_MS = 86_400_000;

/**
 * Whether the repository's policy and the slots (decision 015, parts 2 and 3) let this contributor
 * stake on the issue now, and the counts it read. A bounty issue of a repository nobody connected
 * has the default policy and no vouches. `aiAssistance` is null when no stake is being placed yet
 * (the issue page asks before the contributor chooses).
 */
export async function checkStakeSlots(
  db: Queryable,
  input: {
    contributor: ContributorStanding;
    issue: TrackedIssue;
    repository: StakeRepository | null;
    aiAssistance: 'none' | 'assisted' | 'generated' | null;
    now: Date;
  },
): Promise<{ refusal: StakeRefusal | null; exclusiveUntil: Date | null }> {
  const { contributor, issue, repository, now } = input;
  const policy = repository?.policy ?? DEFAULT_REPOSITORY_POLICY;
  const counts = await stakeSlotCounts(db, {
    userId: contributor.userId,
    issueGithubId: issue.githubId,
    repositoryFullName: issue.repositoryFullName,
    repositoryId: repository?.id ?? null,
    spamMarkedSince: new Date(now.getTime() - SPAM_MARK_WINDOW_DAYS * DAY_MS),
    now,
  });
  const connected = repository !== null;
  const vouch =
    connected && contributor.denouncedIn.has(issue.repositoryFullName)
      ? 'denounced'
      : connected && contributor.vouchedIn.has(issue.repositoryFullName)
        ? 'vouched'
        : null;
  const refusal = stakeRefusal({
    repositoryFullName: issue.repositoryFullName,
    policy,
    xp: contributor.standing.xp,
    vouch,
    newcomer:
      vouch !== 'vouched' &&
      (contributor.standing.independentMaintainers === 0 ||
        contributor.standing.recentSpamMarks > 0),
    openInRepository: counts.openInRepository,
    openOnPlatform: counts.openOnPlatform,
    newcomersOnIssue: counts.newcomersOnIssue,
    exclusiveUntil: counts.exclusiveUntil,
    aiAssistance: input.aiAssistance,
  });
  // The first stake on an issue of a repository with a window works alone for its days.
  const exclusiveUntil =
    policy.exclusiveWindowDays !== null && counts.pendingOnIssue === 0
      ? new Date(now.getTime() + policy.exclusiveWindowDays * DAY_MS)
      : null;
  return { refusal, exclusiveUntil };
}
