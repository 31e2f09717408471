import {
  formatCoins,
  parseSlashCommand,
  referencedIssueNumbers,
  SLASH_COMMAND_USAGE,
  stakePriceText,
  stakePriceWhy,
} from '@openstake/core';
import { eq } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { slashCommands, type users } from '../../db/schema';
import { findConnectedRepository } from '../repositories/connected-repository';
import { userByGithubId } from '../github/github-account';
import { stakeUrlOf } from '../stakes/update-stake-status';
import { AppError, type ErrorCode } from '../../errors';
import { toSessionUser } from '../auth/user-view';
import { getBalance, walletOf } from '../ledger/accounts';
import { resolveIssue } from '../issue-page/resolve-issue';
import { trackedIssueNumbered } from '../issues/issue-store';
import { createStake } from '../stakes/create-stake';
import { readStanding, stakePriceFor } from '../standing/read-standing';
import { withdrawStake } from '../stakes/withdraw-stake';
import { postBountyOnIssue } from '../bounties/post-bounty-on-issue';
import { setVouch } from '../vouches/set-vouch';
import type { GithubApp } from '../../integrations/github/port';
import type { PendingGithubEvent } from './github-event-store';

type Ctx = Pick<
  AppContext,
  'db' | 'secrets' | 'github' | 'githubApp' | 'clock' | 'publicUrl' | 'background' | 'log' | 'chain'
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

/**
 * Runs the slash command of a new comment in a repository connected through the GitHub App, and
 * answers in the thread as the app's bot (issue 13, part 2): `/stake`, `/unstake`, `/bounty N`,
 * each through the service the web app uses, as the OpenStake account whose verified GitHub
 * account (by GitHub's numeric id) wrote the comment. A comment runs once: its id is claimed in
 * `slash_commands` before the command runs, so a second delivery of it does nothing. A refusal
 * (no OpenStake account, wrong role, no push access, not enough coins, already staked...) is a
 * reply with the reason; a failure of GitHub or the database gives the claim back and throws, so
 * the delivery is retried. The bot's own comments, and comments whose first line is no command,
 * are ignored.
 */
export async function runSlashCommand(event: PendingGithubEvent, ctx: Ctx): Promise<void> {
  const app = ctx.githubApp;
  const { comment, issue } = event.payload as CommentPayload;
  if (!app || typeof comment?.id !== 'number' || typeof issue?.number !== 'number') return;
  const login = comment.user?.login ?? '';
  if (comment.user?.type === 'Bot' || login === app.botLogin) return;
  const parsed = parseSlashCommand(comment.body);
  if (!parsed) return;

  const installationId = (await findConnectedRepository(ctx.db, event.repositoryFullName))
    ?.installationId;
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
    const where = {
      comment,
      issue,
      repositoryFullName: event.repositoryFullName,
      app,
      installationId,
    };
    const commenterId = comment.user?.id;
    const account =
      typeof commenterId === 'number'
        ? ((await userByGithubId(ctx.db, commenterId)) ?? null)
        : null;
    switch (parsed.command) {
      case 'bounty':
        reply = await bounty(parsed.amount, account, where, ctx);
        break;
      case 'unstake':
        reply = await unstake(parsed.issueNumber, account, where, ctx);
        break;
      case 'stake':
        reply = await stake(parsed.issueNumber, account, where, ctx);
        break;
      case 'vouch':
      case 'denounce':
        reply = await vouch(parsed, account, where, ctx);
        break;
    }
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
  const { owner, repo } = ownerAndRepo(event.repositoryFullName);
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

interface Where {
  comment: NonNullable<CommentPayload['comment']>;
  issue: NonNullable<CommentPayload['issue']>;
  repositoryFullName: string;
  app: GithubApp;
  installationId: number;
}

type Account = typeof users.$inferSelect | null;

function requireAccount(account: Account, ctx: Ctx, command: string): NonNullable<Account> {
  if (account) return account;
  throw new Refusal(
    `No OpenStake account has connected this GitHub account. Sign up at ${ctx.publicUrl()}/signUp and connect GitHub, then comment \`${command}\` again.`,
  );
}

const ownerAndRepo = (fullName: string) => {
  const [owner = '', repo = ''] = fullName.split('/');
  return { owner, repo };
};

/**
 * `/stake` or `/stake #12` on a pull request, by its author: stakes the issue's required coins
 * through createStake, the web dialog's service. Without `#12`, the issue is the one the
 * description references.
 */
async function stake(
  issueNumberNamed: number | null,
  account: Account,
  where: Where,
  ctx: Ctx,
): Promise<string> {
  const prUrl = where.issue.pull_request?.html_url;
  if (!prUrl) throw new Refusal(`${SLASH_COMMAND_USAGE.stake}.`);
  const login = where.comment.user?.login ?? '';
  const author = where.issue.user?.login ?? '';
  if (author.toLowerCase() !== login.toLowerCase()) {
    throw new Refusal(`Only the pull request's author, @${author}, can stake on it.`);
  }
  const user = requireAccount(account, ctx, '/stake');
  const { owner, repo } = ownerAndRepo(where.repositoryFullName);
  let issueNumber = issueNumberNamed;
  if (issueNumber === null) {
    const pr = await where.app.pullRequestData(where.installationId, {
      owner,
      repo,
      pullNumber: where.issue.number ?? 0,
    });
    issueNumber = referencedIssueNumbers(pr.body, where.repositoryFullName)[0] ?? null;
    if (issueNumber === null) {
      throw new Refusal(
        'This pull request references no issue: write "Fixes #12" in its description, or comment `/stake #12`.',
      );
    }
  }
  // The issue as OpenStake tracks it; GitHub is asked (and the issue tracked) only when it is new.
  const tracked = await trackedIssueNumbered(ctx.db, where.repositoryFullName, issueNumber);
  const target =
    tracked ??
    (await resolveIssue({ userId: user.id, ref: { owner, repo, number: issueNumber } }, ctx));
  // The contributor's price (decision 015), as the issue page would show it to them.
  const price = stakePriceFor(await readStanding(ctx.db, user.id, ctx.clock.now()), {
    stakingRequired: target.stakingRequired,
    repositoryFullName: where.repositoryFullName,
  });
  const why = stakePriceWhy(price);
  const placed = await createStake(
    {
      user: toSessionUser(user),
      stake: { issueId: target.id, prUrl, amount: price.amount, aiAssistance: 'none' },
    },
    ctx,
  ).catch(async (error: unknown) => {
    if (error instanceof AppError && error.code === 'INSUFFICIENT_COINS') {
      const balance = await getBalance(ctx.db, walletOf(user.id));
      throw new Refusal(
        `Staking on #${String(issueNumber)} takes ${stakePriceText(price)}; your OpenStake wallet has ${String(balance)}.`,
      );
    }
    throw error;
  });
  return `@${login} staked ${formatCoins(placed.amount)} on #${String(issueNumber)}${why === null ? '' : ` (${why})`}. They come back when the pull request is merged; see ${ctx.publicUrl()}/contributor/dashboard.`;
}

/**
 * `/unstake` on the pull request of a pending stake (or `/unstake #12` anywhere in the
 * repository), by the contributor who staked: refunded in full before any review
 * (withdrawStake).
 */
async function unstake(
  issueNumber: number | null,
  account: Account,
  where: Where,
  ctx: Ctx,
): Promise<string> {
  if (issueNumber === null && !where.issue.pull_request) {
    throw new Refusal(`${SLASH_COMMAND_USAGE.unstake}.`);
  }
  const user = requireAccount(account, ctx, '/unstake');
  const login = where.comment.user?.login ?? '';
  const withdrawn = await withdrawStake(
    {
      userId: user.id,
      login,
      repositoryFullName: where.repositoryFullName,
      prNumber: issueNumber === null ? (where.issue.number ?? null) : null,
      issueNumber,
    },
    ctx,
  );
  return `@${login} withdrew the stake of ${String(withdrawn.amount)} coins on #${String(withdrawn.issueNumber)}: refunded in full.`;
}

/**
 * `/bounty 50` on an open issue, by a maintainer with push access: the web form's bounty
 * (postBountyOnIssue: escrow, fee, labels), in coins only.
 */
async function bounty(amount: number, account: Account, where: Where, ctx: Ctx): Promise<string> {
  if (where.issue.pull_request) {
    throw new Refusal('A bounty goes on an issue, not a pull request.');
  }
  const user = requireAccount(account, ctx, `/bounty ${String(amount)}`);
  if (user.role !== 'maintainer') {
    throw new Refusal('Only an OpenStake maintainer account can post a bounty.');
  }
  const { owner, repo } = ownerAndRepo(where.repositoryFullName);
  const posted = await postBountyOnIssue(
    { userId: user.id, owner, repo, issueNumber: where.issue.number ?? 0, bountyAmount: amount },
    ctx,
  );
  const issueUrl = stakeUrlOf(ctx, { owner, repo, number: where.issue.number ?? 0 });
  return `@${where.comment.user?.login ?? ''} posted a bounty of ${String(posted.bountyAmount)} coins (fee ${String(posted.fee)}). Stake ${String(posted.stakeAmount)} coins on it with a pull request that fixes this issue: ${issueUrl}`;
}

/**
 * `/vouch @user` or `/denounce @user reason`, anywhere in the repository, by a maintainer who can
 * push to it: the settings' service (setVouch), so the same checks and the repository's
 * VOUCHED.td follow.
 */
async function vouch(
  command: { command: 'vouch' | 'denounce'; login: string; reason?: string },
  account: Account,
  where: Where,
  ctx: Ctx,
): Promise<string> {
  const written =
    command.command === 'vouch' ? `/vouch @${command.login}` : `/denounce @${command.login} ...`;
  const user = requireAccount(account, ctx, written);
  if (user.role !== 'maintainer') {
    throw new Refusal(
      `Only a maintainer of ${where.repositoryFullName} can ${command.command} users.`,
    );
  }
  const { owner, repo } = ownerAndRepo(where.repositoryFullName);
  const saved = await setVouch(
    {
      userId: user.id,
      owner,
      repo,
      login: command.login,
      kind: command.command === 'vouch' ? 'vouched' : 'denounced',
      reason: command.reason,
      source: 'command',
    },
    ctx,
  );
  const by = where.comment.user?.login ?? '';
  return saved.kind === 'vouched'
    ? `@${by} vouched for @${saved.login} in ${where.repositoryFullName}: they skip the newcomer slots and pay the issue's stake here.`
    : `@${by} denounced @${saved.login} in ${where.repositoryFullName}: they cannot stake here.`;
}
