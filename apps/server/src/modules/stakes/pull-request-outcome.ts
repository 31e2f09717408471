import { eq } from 'drizzle-orm';
import { closesIssue, referencesIssue, type ReferencedIssue } from '@openstake/core';
import type { AppContext } from '../../context';
import { repositories } from '../../db/schema';
import type { PullRequestFacts } from '../../integrations/github/port';
import { bountyPostedBy } from '../bounties/bounty-store';
import { githubAccessOf } from '../github/github-account';
import { mergeSourceOf } from '../xp/pay-merge-reward';
import type { StakeOutcome } from './settle-stake';

type Ctx = Pick<AppContext, 'db' | 'secrets' | 'github' | 'githubApp'>;

const sameLogin = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

/** GitHub's timestamps are whole seconds: a stake placed within the merge's second counts as before it. */
export const wholeSecond = (at: Date): Date => new Date(Math.floor(at.getTime() / 1000) * 1000);

/** What the outcome of a merge is worked out from: GitHub's facts about the pull request. */
export type MergeFacts = Pick<
  PullRequestFacts,
  | 'authorLogin'
  | 'mergedByLogin'
  | 'mergedById'
  | 'mergedAt'
  | 'body'
  | 'repositoryId'
  | 'repositoryOwnerId'
  | 'repository'
>;

/**
 * What a merged pull request earns its stake (docs/decisions/007-who-may-earn.md):
 * - merged by its own author, nothing: the stake comes back in full, no reward, no bounty
 *   (otherwise anyone could stake on their own repository and mint coins and XP alone);
 * - merged before the stake was placed (a stake that slipped in as GitHub merged), the same: a
 *   stake risks nothing once the merge is known;
 * - merged while its description no longer references the stake's issue, the same;
 * - otherwise the reward, and the issue's bounty only if the merge closes that issue.
 */
export function mergedOutcome(
  pr: MergeFacts,
  stake: { issue: ReferencedIssue; placedAt: Date },
  reward: { xp: number },
): StakeOutcome {
  const { issue } = stake;
  if (!pr.mergedByLogin || sameLogin(pr.mergedByLogin, pr.authorLogin))
    return { kind: 'merged_without_credit', reason: 'merged by its own author' };
  if (pr.mergedAt && pr.mergedAt < wholeSecond(stake.placedAt))
    return { kind: 'merged_without_credit', reason: 'merged before the stake was placed' };
  if (!referencesIssue(pr.body, issue))
    return { kind: 'merged_without_credit', reason: 'does not reference the issue' };
  return {
    kind: 'merged',
    xp: reward.xp,
    bounty: closesIssue(pr.body, issue),
    source: mergeSourceOf({ ...pr, mergedByLogin: pr.mergedByLogin }, issue.repositoryFullName),
  };
}

/**
 * A token that GitHub tells who may push to the repository: the maintainer who connected it, the
 * one who posted the bounty issue, or, for a repository connected through the GitHub App, the
 * app's installation token. Without the last, a repository whose maintainers unlinked GitHub
 * would count no review, and a reviewed stake could be withdrawn in full.
 */
export async function stewardToken(
  ctx: Ctx,
  repositoryFullName: string,
  /** The issue whose bounty's poster may be asked too; null for a pull request of no issue. */
  issueGithubId: number | null,
): Promise<string | null> {
  const [connected] = await ctx.db
    .select({ userId: repositories.connectedBy, installationId: repositories.installationId })
    .from(repositories)
    .where(eq(repositories.fullName, repositoryFullName.toLowerCase()));
  const bountyPoster = issueGithubId === null ? null : await bountyPostedBy(ctx.db, issueGithubId);
  for (const userId of [connected?.userId, bountyPoster]) {
    if (!userId) continue;
    const access = await githubAccessOf(userId, ctx);
    if (access) return access.token;
  }
  if (connected?.installationId && ctx.githubApp) {
    return ctx.githubApp.installationToken(connected.installationId);
  }
  return null;
}

/**
 * How a stake on a pull request closed without merging ends: a capped deduction when someone who
 * may push to the repository (not its author, not a bystander) reviewed it, a full refund
 * otherwise. `pushToken` is a token with push access when the caller has one (the
 * maintainer closing it); else the repository's steward's is used. Without any, no review can be
 * judged, so none counts.
 */
export async function closedOutcome(
  ctx: Ctx,
  input: {
    pr: Pick<PullRequestFacts, 'number' | 'authorLogin'>;
    repositoryFullName: string;
    issueGithubId: number;
    pushToken?: string;
  },
): Promise<StakeOutcome> {
  const [owner, repo] = input.repositoryFullName.split('/') as [string, string];
  const token =
    input.pushToken ?? (await stewardToken(ctx, input.repositoryFullName, input.issueGithubId));
  if (!token) return { kind: 'closed_without_review' };
  const reviewers = new Set(
    (await ctx.github.reviewers(token, owner, repo, input.pr.number))
      .filter((login) => !sameLogin(login, input.pr.authorLogin))
      .map((login) => login.toLowerCase()),
  );
  for (const login of reviewers) {
    if (await ctx.github.canPush(token, owner, repo, login)) return { kind: 'closed_after_review' };
  }
  return { kind: 'closed_without_review' };
}

/** The outcome of a closed pull request, merged or not, for a stake on `issue`. */
export function closedPullRequestOutcome(
  ctx: Ctx,
  input: {
    pr: PullRequestFacts;
    issue: ReferencedIssue & { githubId: number; xpReward: number };
    placedAt: Date;
  },
): Promise<StakeOutcome> {
  const { pr, issue } = input;
  if (pr.merged) {
    return Promise.resolve(
      mergedOutcome(pr, { issue, placedAt: input.placedAt }, { xp: issue.xpReward }),
    );
  }
  return closedOutcome(ctx, {
    pr,
    repositoryFullName: issue.repositoryFullName,
    issueGithubId: issue.githubId,
  });
}
