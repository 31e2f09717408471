import { and, eq, isNull } from 'drizzle-orm';
import type { Queryable } from '../../db/database';
import { slashCommands } from '../../db/schema';

/**
 * What the bot does at most once on a pull request by itself, not asked by a comment (decision
 * 015, part 5): its notice on an unstaked pull request of a bounty issue, and its close of a
 * denounced author's pull request.
 */
export type BotAction = 'unstaked-notice' | 'denounced-close';

/*
 * Claimed in `slash_commands`, the table of what the bot does once per GitHub object, under the
 * pull request's GitHub id negated: GitHub's comment ids are positive, so a claim never meets a
 * comment's, and the claim needed no table of its own. `command` is the action, `issue_number`
 * the pull request's number, `commenter_login` its author, `outcome` and `reply_comment_id` what
 * the bot wrote.
 */
const keyOf = (pullRequestId: number) => -pullRequestId;

/**
 * Claims `action` on a pull request before the bot writes anything, so two deliveries at once (or
 * a redelivery, or a replay) do it once. The notice is claimed once per pull request; the close
 * also takes over a claim of the notice, since an author denounced after the notice is still to
 * be closed. True when this caller holds the claim.
 */
export async function claimBotAction(
  db: Queryable,
  input: {
    pullRequestId: number;
    repositoryFullName: string;
    prNumber: number;
    authorLogin: string;
    action: BotAction;
  },
): Promise<boolean> {
  const row = {
    commentId: keyOf(input.pullRequestId),
    repositoryFullName: input.repositoryFullName,
    issueNumber: input.prNumber,
    command: input.action,
    commenterLogin: input.authorLogin,
  };
  const insert = db.insert(slashCommands).values(row);
  const claimed =
    input.action === 'denounced-close'
      ? await insert
          .onConflictDoUpdate({
            target: slashCommands.commentId,
            set: { command: input.action, outcome: null, reply: null, replyCommentId: null },
            setWhere: eq(slashCommands.command, 'unstaked-notice'),
          })
          .returning({ key: slashCommands.commentId })
      : await insert.onConflictDoNothing().returning({ key: slashCommands.commentId });
  return claimed.length > 0;
}

/** Records what the bot wrote for a claimed action: `done` with its comment, or `refused` by GitHub for good. */
export async function recordBotAction(
  db: Queryable,
  input: {
    pullRequestId: number;
    action: BotAction;
    outcome: 'done' | 'refused';
    reply: string | null;
    replyCommentId: number | null;
  },
): Promise<void> {
  await db
    .update(slashCommands)
    .set({ outcome: input.outcome, reply: input.reply, replyCommentId: input.replyCommentId })
    .where(
      and(
        eq(slashCommands.commentId, keyOf(input.pullRequestId)),
        eq(slashCommands.command, input.action),
      ),
    );
}

/** Gives an unfinished claim back (GitHub down): the next delivery about the pull request tries again. */
export async function releaseBotAction(
  db: Queryable,
  input: { pullRequestId: number; action: BotAction },
): Promise<void> {
  await db
    .delete(slashCommands)
    .where(
      and(
        eq(slashCommands.commentId, keyOf(input.pullRequestId)),
        eq(slashCommands.command, input.action),
        isNull(slashCommands.outcome),
      ),
    );
}
