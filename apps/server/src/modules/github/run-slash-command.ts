import { parseSlashCommand, referencedIssueNumbers, SLASH_COMMAND_USAGE } from '@openstake/core';
import { and, eq, isNotNull } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { githubAccounts, repositories, slashCommands, users } from '../../db/schema';
import { AppError, type ErrorCode } from '../../errors';
import { toSessionUser } from '../auth/user-view';
import { resolveIssue } from '../issues/resolve-issue';
import { createStake } from '../stakes/create-stake';
import type { GithubApp } from '../../integrations/github/github-app';
import type { PendingGithubEvent } from './github-events';

type Ctx = Pick<
  AppContext,
  'db' | 'secrets' | 'github' | 'githubApp' | 'clock' | 'config' | 'background' | 'log'
>;

/** What receive-github-webhook.ts keeps of an `issue_comment` `created` delivery. */
interface CommentPayload {
  comment?: {
    id?: number;
    body?: string;
    user?: { id?: number; login?: string; type?: string };
  };
  issue?: {
    number?: number;
    user?: { login?: string };
    pull_request?: { html_url?: string } | null;
  };
}

/** Failures worth a retry of the whole delivery (GitHub or the database unwell), not a reply. */
const TRANSIENT: ReadonlySet<ErrorCode> = new Set([
  'INTERNAL',
  'GITHUB_UNAVAILABLE',
  'UPSTREAM_FAILED',
  'GITHUB_RATE_LIMITED',
  'UNAVAILABLE',
]);

/** A refusal the bot explains in its reply. */
class Refusal extends Error {}

const publicUrl = (config: Ctx['config']) =>
  (config.PUBLIC_URL ?? `http://localhost:${String(config.PORT)}`).replace(/\/+$/, '');

/**
 * Runs the slash command of a new comment in a repository connected through the GitHub App, and
 * answers in the thread as the app's bot (issue 13, part 2). Only `/stake` runs today; other
 * commands are left alone. A comment runs once: its id is claimed in `slash_commands` before the
 * command runs, so a second delivery of it does nothing. A refusal (no OpenStake account, not the
 * pull request's author, not enough coins, already staked...) is a reply with the reason; a
 * failure of GitHub or the database gives the claim back and throws, so the delivery is retried.
 * The bot's own comments, and comments whose first line is no command, are ignored.
 */
export async function runSlashCommand(event: PendingGithubEvent, ctx: Ctx): Promise<void> {
  const app = ctx.githubApp;
  const { comment, issue } = event.payload as CommentPayload;
  if (!app || typeof comment?.id !== 'number' || typeof issue?.number !== 'number') return;
  const login = comment.user?.login ?? '';
  if (comment.user?.type === 'Bot' || login === app.botLogin) return;
  const parsed = parseSlashCommand(comment.body);
  if (parsed?.command !== 'stake') return;

  const [repository] = await ctx.db
    .select({ installationId: repositories.installationId })
    .from(repositories)
    .where(
      and(
        eq(repositories.fullName, event.repositoryFullName),
        isNotNull(repositories.connectedAt),
        isNotNull(repositories.installationId),
      ),
    );
  const installationId = repository?.installationId;
  if (!installationId) return;

  const claimed = await ctx.db
    .insert(slashCommands)
    .values({
      commentId: comment.id,
      repositoryFullName: event.repositoryFullName,
      issueNumber: issue.number,
      command: parsed.command,
      commenterLogin: login,
    })
    .onConflictDoNothing()
    .returning({ commentId: slashCommands.commentId });
  if (claimed.length === 0) return;

  let outcome: 'done' | 'refused';
  let reply: string;
  try {
    if ('invalid' in parsed) throw new Refusal(`${parsed.invalid}.`);
    reply = await stake(
      parsed.issueNumber,
      { comment, issue, repositoryFullName: event.repositoryFullName, app, installationId },
      ctx,
    );
    outcome = 'done';
  } catch (error) {
    const refusal =
      error instanceof Refusal || (error instanceof AppError && !TRANSIENT.has(error.code));
    if (!refusal) {
      await ctx.db.delete(slashCommands).where(eq(slashCommands.commentId, comment.id));
      throw error;
    }
    outcome = 'refused';
    reply = `@${login} ${error.message}`;
  }
  const [owner = '', repo = ''] = event.repositoryFullName.split('/');
  const answer = await app.createIssueComment(installationId, {
    owner,
    repo,
    issueNumber: issue.number,
    body: reply,
  });
  await ctx.db
    .update(slashCommands)
    .set({ outcome, reply, replyCommentId: answer.id })
    .where(eq(slashCommands.commentId, comment.id));
}

/**
 * `/stake` or `/stake #12` on a pull request, by its author: stakes the issue's required coins
 * through createStake, the web dialog's service, as the OpenStake account whose verified GitHub
 * account wrote the comment. Without `#12`, the issue is the one the description references.
 */
async function stake(
  issueNumberNamed: number | null,
  input: {
    comment: NonNullable<CommentPayload['comment']>;
    issue: NonNullable<CommentPayload['issue']>;
    repositoryFullName: string;
    app: GithubApp;
    installationId: number;
  },
  ctx: Ctx,
): Promise<string> {
  const prUrl = input.issue.pull_request?.html_url;
  if (!prUrl) throw new Refusal(`${SLASH_COMMAND_USAGE.stake}.`);
  const login = input.comment.user?.login ?? '';
  const author = input.issue.user?.login ?? '';
  if (author.toLowerCase() !== login.toLowerCase()) {
    throw new Refusal(`Only the pull request's author, @${author}, can stake on it.`);
  }
  const [account] = await ctx.db
    .select({ user: users })
    .from(githubAccounts)
    .innerJoin(users, eq(users.id, githubAccounts.userId))
    .where(eq(githubAccounts.githubId, input.comment.user?.id ?? -1));
  if (!account) {
    throw new Refusal(
      `No OpenStake account has connected this GitHub account. Sign up at ${publicUrl(ctx.config)}/signUp and connect GitHub, then comment \`/stake\` again.`,
    );
  }
  const [owner = '', repo = ''] = input.repositoryFullName.split('/');
  let issueNumber = issueNumberNamed;
  if (issueNumber === null) {
    const { data: pr } = await input.app
      .installationClient(input.installationId)
      .rest.pulls.get({ owner, repo, pull_number: input.issue.number ?? 0 });
    issueNumber = referencedIssueNumbers(pr.body, input.repositoryFullName)[0] ?? null;
    if (issueNumber === null) {
      throw new Refusal(
        'This pull request references no issue: write "Fixes #12" in its description, or comment `/stake #12`.',
      );
    }
  }
  const target = await resolveIssue(
    { userId: account.user.id, ref: { owner, repo, number: issueNumber } },
    ctx,
  );
  const placed = await createStake(
    {
      user: toSessionUser(account.user),
      stake: { issueId: target.id, prUrl, amount: target.stakingRequired },
    },
    ctx,
  );
  return `@${login} staked ${String(placed.amount)} coins on #${String(issueNumber)}. They come back when the pull request is merged; see ${publicUrl(ctx.config)}/contributor/dashboard.`;
}
