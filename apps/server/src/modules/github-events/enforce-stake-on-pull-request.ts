import {
  DENOUNCED_CLOSE_MARKER,
  denouncedCloseComment,
  UNSTAKED_NOTICE_MARKER,
  unstakedNotice,
} from '@openstake/core';
import type { AppContext } from '../../context';
import { AppError } from '../../errors';
import type { GithubApp } from '../../integrations/github/port';
import { updateStakeStatus, type UnstakedOnBounty } from '../stakes/update-stake-status';
import {
  claimBotAction,
  recordBotAction,
  releaseBotAction,
  type BotAction,
} from './bot-action-store';

type Ctx = Pick<AppContext, 'db' | 'githubApp' | 'publicUrl' | 'log'>;

/**
 * What the bot does on GitHub when a pull request of an app-connected repository is opened,
 * edited, reopened or pushed to (decision 015, part 5): its `openstake/stake` status and the
 * label `unstaked` (`updateStakeStatus`); then, on an open bounty issue where it carries no stake,
 * as the repository opted in: a denounced author's pull request is closed with a comment
 * (`bot_close_denounced`), any other gets one notice saying how to stake, or that its author
 * cannot (`bot_unstaked_notice`). Each is done once per pull request, whatever deliveries come.
 */
export async function enforceStakeOnPullRequest(
  input: { repositoryFullName: string; prNumber: number },
  ctx: Ctx,
): Promise<void> {
  const app = ctx.githubApp;
  const unstaked = (await updateStakeStatus(input, ctx))?.unstakedOnBounty;
  if (!app || !unstaked) return;
  if (unstaked.authorDenounced && unstaked.repository.botCloseDenounced) {
    await actOnce(unstaked, 'denounced-close', app, ctx);
  } else if (unstaked.repository.botUnstakedNotice) {
    await actOnce(unstaked, 'unstaked-notice', app, ctx);
  }
}

/** Runs `enforceStakeOnPullRequest` after the webhook's answer; a failure is logged. */
export function enforceStakeOnPullRequestLater(
  input: { repositoryFullName: string; prNumber: number },
  ctx: Ctx & Pick<AppContext, 'background'>,
): void {
  if (!ctx.githubApp) return;
  ctx.background.run('stake-status', () => enforceStakeOnPullRequest(input, ctx));
}

/**
 * The bot's comment (and, for a denounced author, the close), claimed first so it is written once.
 * An earlier comment of the bot found by its marker is not written again (a claim given back
 * after GitHub took the comment but its answer was lost). A refusal of GitHub for good (the pull
 * request locked, gone) is recorded and not tried again; any other failure gives the claim back,
 * so the next delivery about the pull request tries again.
 */
async function actOnce(
  unstaked: UnstakedOnBounty,
  action: BotAction,
  app: GithubApp,
  ctx: Ctx,
): Promise<void> {
  const { pullRequest, repository, installationId } = unstaked;
  const claimed = await claimBotAction(ctx.db, {
    pullRequestId: pullRequest.id,
    repositoryFullName: repository.fullName,
    prNumber: pullRequest.number,
    authorLogin: pullRequest.authorLogin,
    action,
  });
  if (!claimed) return;
  const [owner = '', repo = ''] = repository.fullName.split('/');
  const where = { owner, repo, issueNumber: pullRequest.number };
  const closing = action === 'denounced-close';
  const body = closing
    ? denouncedCloseComment({ login: pullRequest.authorLogin })
    : unstakedNotice({
        login: pullRequest.authorLogin,
        issueNumber: unstaked.issueNumber,
        stakeUrl: unstaked.stakeUrl,
        authorDenounced: unstaked.authorDenounced,
      });
  try {
    const marker = closing ? DENOUNCED_CLOSE_MARKER : UNSTAKED_NOTICE_MARKER;
    const comment =
      (await app.findBotComment(installationId, { ...where, marker })) ??
      (await app.createIssueComment(installationId, { ...where, body }));
    if (closing) {
      await app.closePullRequest(installationId, { owner, repo, pullNumber: pullRequest.number });
    }
    await recordBotAction(ctx.db, {
      pullRequestId: pullRequest.id,
      action,
      outcome: 'done',
      reply: body,
      replyCommentId: comment.id,
    });
  } catch (error) {
    const forGood =
      error instanceof AppError && ['FORBIDDEN', 'NOT_FOUND', 'BAD_REQUEST'].includes(error.code);
    if (!forGood) {
      await releaseBotAction(ctx.db, { pullRequestId: pullRequest.id, action });
      throw error;
    }
    ctx.log.warn(
      { err: error, repository: repository.fullName, prNumber: pullRequest.number, action },
      'GitHub refused what the bot does on an unstaked pull request; not retried',
    );
    await recordBotAction(ctx.db, {
      pullRequestId: pullRequest.id,
      action,
      outcome: 'refused',
      reply: null,
      replyCommentId: null,
    });
  }
}
