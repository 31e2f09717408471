import { referencedIssueNumbers, stakeStatus } from '@openstake/core';
import type { AppContext } from '../../context';
import { findConnectedRepository } from '../repositories/connected-repository';
import { trackedIssuesNumbered } from '../issues/issue-store';
import { stakeCarriedByPullRequest } from './stake-store';

type Ctx = Pick<AppContext, 'db' | 'githubApp' | 'publicUrl'>;

/** Where the author stakes on an issue: its page in OpenStake. */
export const stakeUrlOf = (
  ctx: Pick<AppContext, 'publicUrl'>,
  issue: { owner: string; repo: string; number: number },
): string =>
  `${ctx.publicUrl()}/contributor/issue/${encodeURIComponent(issue.owner)}/${encodeURIComponent(issue.repo)}/${String(issue.number)}`;

/**
 * Sets the `openstake/stake` commit status on a pull request's head (issue 13, part 3), as the
 * app's bot, when its repository is connected through the GitHub App and its description
 * references an issue OpenStake tracks (a suggested or bounty issue): success once the pull
 * request carries a pending or accepted stake on that issue (a stake's pull request is its
 * author's, checked when it was placed), pending with the issue's page otherwise. Reads the pull
 * request from GitHub, so a late or reordered delivery still writes what is true now. Returns
 * the state written, or null when there is nothing to say.
 */
export async function updateStakeStatus(
  input: { repositoryFullName: string; prNumber: number },
  ctx: Ctx,
): Promise<'success' | 'pending' | null> {
  const app = ctx.githubApp;
  if (!app) return null;
  const installationId = (await findConnectedRepository(ctx.db, input.repositoryFullName))
    ?.installationId;
  if (!installationId) return null;
  const [owner = '', repo = ''] = input.repositoryFullName.split('/');
  const pr = await app.pullRequestData(installationId, { owner, repo, pullNumber: input.prNumber });
  // A closed pull request's checks no longer matter (its stake settles instead).
  if (pr.state !== 'open') return null;
  const numbers = referencedIssueNumbers(pr.body, input.repositoryFullName);
  if (numbers.length === 0) return null;
  const referenced = await trackedIssuesNumbered(ctx.db, input.repositoryFullName, numbers);
  if (referenced.length === 0) return null;
  const stake = await stakeCarriedByPullRequest(ctx.db, {
    repositoryFullName: input.repositoryFullName,
    prNumber: input.prNumber,
    issueGithubIds: referenced.map((i) => i.githubId),
  });
  // The staked issue, or else the first one the description names.
  const issue = referenced.find((i) => i.githubId === stake?.issueGithubId) ?? referenced[0];
  if (!issue) return null;
  const status = stakeStatus({
    issueNumber: issue.number,
    staked: stake ? { amount: stake.amount } : null,
    stakeUrl: stakeUrlOf(ctx, { owner, repo, number: issue.number }),
  });
  await app.setStakeStatus(installationId, { owner, repo, sha: pr.head.sha, status });
  return status.state;
}

/** Runs `updateStakeStatus` after the answer; a failure is logged, never the caller's. */
export function updateStakeStatusLater(
  input: { repositoryFullName: string; prNumber: number },
  ctx: Ctx & Pick<AppContext, 'background'>,
): void {
  if (!ctx.githubApp) return;
  ctx.background.run('stake-status', () => updateStakeStatus(input, ctx));
}
