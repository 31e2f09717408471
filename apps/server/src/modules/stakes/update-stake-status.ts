import { referencedIssueNumbers, stakeStatus, UNSTAKED_LABEL } from '@openstake/core';
import type { AppContext } from '../../context';
import { hasUnwonBounty } from '../bounties/bounty-store';
import { findConnectedRepository } from '../repositories/connected-repository';
import { trackedIssuesNumbered, type TrackedIssue } from '../issues/issue-store';
import { vouchOf } from '../vouches/vouch-store';
import { stakeCarriedByPullRequest } from './stake-store';

type Ctx = Pick<AppContext, 'db' | 'githubApp' | 'publicUrl'>;

/** Where the author stakes on an issue: its page in OpenStake. */
export const stakeUrlOf = (
  ctx: Pick<AppContext, 'publicUrl'>,
  issue: { owner: string; repo: string; number: number },
): string =>
  `${ctx.publicUrl()}/contributor/issue/${encodeURIComponent(issue.owner)}/${encodeURIComponent(issue.repo)}/${String(issue.number)}`;

/**
 * An open pull request on an open bounty issue that carries no stake of its author (decision 015,
 * part 5): what the bot's notice and its close of a denounced author's pull request read
 * (github-events, `enforceStakeOnPullRequest`).
 */
export interface UnstakedOnBounty {
  installationId: number;
  repository: { fullName: string; botUnstakedNotice: boolean; botCloseDenounced: boolean };
  pullRequest: { id: number; number: number; authorLogin: string };
  issueNumber: number;
  stakeUrl: string;
  /** The repository's maintainers denounced the author (by GitHub id): they cannot stake there. */
  authorDenounced: boolean;
}

export interface StakeStatusWritten {
  state: 'success' | 'pending';
  /** Set when the pull request is on an open bounty issue and carries no stake; else null. */
  unstakedOnBounty: UnstakedOnBounty | null;
}

/**
 * Sets the `openstake/stake` commit status on a pull request's head (issue 13, part 3), as the
 * app's bot, when its repository is connected through the GitHub App and its description
 * references an issue OpenStake tracks (a suggested or bounty issue): success once the pull
 * request carries a pending or accepted stake on that issue (a stake's pull request is its
 * author's, checked when it was placed), pending with the issue's page otherwise. On an open
 * bounty issue the pending status says why (decision 015, part 5): no stake yet, or an author
 * the repository denounced, who cannot stake there; where the repository opts in
 * (`bot_unstaked_notice`) such a pull request carries the label `unstaked`, which comes off once
 * it is staked. Reads the pull request from GitHub, so a late or reordered delivery still writes
 * what is true now. Returns what was written, or null when there is nothing to say.
 */
export async function updateStakeStatus(
  input: { repositoryFullName: string; prNumber: number },
  ctx: Ctx,
): Promise<StakeStatusWritten | null> {
  const app = ctx.githubApp;
  if (!app) return null;
  const repository = await findConnectedRepository(ctx.db, input.repositoryFullName);
  const installationId = repository?.installationId;
  if (!repository || !installationId) return null;
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
  // The staked issue, else the first open bounty issue the description names, else the first
  // issue it names.
  const bountyIssue = stake ? undefined : await firstOpenBountyIssue(ctx, referenced);
  const issue =
    referenced.find((i) => i.githubId === stake?.issueGithubId) ?? bountyIssue ?? referenced[0];
  if (!issue) return null;
  const stakeUrl = stakeUrlOf(ctx, { owner, repo, number: issue.number });
  const authorId = pr.user.id;
  const authorDenounced =
    bountyIssue !== undefined &&
    (await vouchOf(ctx.db, { repositoryId: repository.id, githubUserId: authorId })) ===
      'denounced';
  const status = stakeStatus({
    issueNumber: issue.number,
    staked: stake ? { amount: stake.amount } : null,
    stakeUrl,
    ...(bountyIssue && { bounty: { authorDenounced } }),
  });
  await app.setStakeStatus(installationId, { owner, repo, sha: pr.head.sha, status });

  // The label says what the status says, where the repository asked for it; a staked pull
  // request loses it whatever the setting is now.
  const labelled = pr.labels.some((l) => l.name.toLowerCase() === UNSTAKED_LABEL);
  const where = { owner, repo, issueNumber: input.prNumber };
  if (stake && labelled) {
    await app.removeLabel(installationId, { ...where, name: UNSTAKED_LABEL });
  } else if (bountyIssue && repository.botUnstakedNotice && !labelled) {
    await app.addLabels(installationId, { ...where, labels: [UNSTAKED_LABEL] });
  }

  return {
    state: status.state,
    unstakedOnBounty: bountyIssue
      ? {
          installationId,
          repository: {
            fullName: repository.fullName,
            botUnstakedNotice: repository.botUnstakedNotice,
            botCloseDenounced: repository.botCloseDenounced,
          },
          pullRequest: { id: pr.id, number: pr.number, authorLogin: pr.user.login },
          issueNumber: bountyIssue.number,
          stakeUrl,
          authorDenounced,
        }
      : null,
  };
}

/** The first of the issues that is open and carries a bounty still to be won. */
async function firstOpenBountyIssue(
  ctx: Pick<AppContext, 'db'>,
  issues: TrackedIssue[],
): Promise<TrackedIssue | undefined> {
  for (const issue of issues) {
    if (issue.state === 'open' && (await hasUnwonBounty(ctx.db, issue.githubId))) return issue;
  }
  return undefined;
}

/** Runs `updateStakeStatus` after the answer; a failure is logged, never the caller's. */
export function updateStakeStatusLater(
  input: { repositoryFullName: string; prNumber: number },
  ctx: Ctx & Pick<AppContext, 'background'>,
): void {
  if (!ctx.githubApp) return;
  ctx.background.run('stake-status', () => updateStakeStatus(input, ctx));
}
