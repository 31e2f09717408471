import { eq } from 'drizzle-orm';
import {
  difficultyFromLabels,
  issueDefaults,
  labelDifficulty,
  type IssueCommentResult,
} from '@openstake/core';
import type { AppContext } from '../../context';
import type { Queryable } from '../../db/database';
import { bountyIssues, trackedIssues } from '../../db/schema';
import { AppError } from '../../errors';
import type { IssueFacts } from '../../integrations/llm/context-provider';
import { MetadataContextProvider } from '../../integrations/llm/metadata-context-provider';
import { authenticateApiKey } from '../api-keys/authenticate-api-key';
import { labelsOf } from '../repositories/github-labels';
import { findOrganizationContext } from '../organizations/get-organization-context';
import {
  requireOrganizationAccess,
  type OrganizationAccess,
} from '../organizations/organization-access';
import { GUIDANCE_MARKER, guidanceComment } from './guidance-comment';
import { relevantFiles } from './relevant-files';

/** A bounty issue's own amounts, or null for an issue that is not one. */
async function bountyAmounts(db: Queryable, issueGithubId: number) {
  const [row] = await db
    .select({
      stake: bountyIssues.stakeAmount,
      bounty: bountyIssues.bountyAmount,
      paidAt: bountyIssues.paidAt,
      xp: trackedIssues.xpReward,
    })
    .from(bountyIssues)
    .innerJoin(trackedIssues, eq(trackedIssues.githubId, bountyIssues.issueGithubId))
    .where(eq(bountyIssues.issueGithubId, issueGithubId));
  return row ?? null;
}

/** The key's creator, who must still manage the organization on GitHub: the comment is theirs. */
async function creatorAccess(
  input: { userId: string; organization: string },
  ctx: Pick<AppContext, 'db' | 'secrets' | 'github'>,
): Promise<OrganizationAccess> {
  try {
    return await requireOrganizationAccess(input, ctx);
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    if (error.code === 'GITHUB_AUTH_REQUIRED') {
      throw new AppError('GITHUB_AUTH_REQUIRED', {
        message:
          'GitHub authentication required: the maintainer who created this API key must connect GitHub again',
        cause: error,
      });
    }
    if (error.code === 'FORBIDDEN' || error.code === 'NOT_FOUND') {
      throw new AppError('FORBIDDEN', {
        message: `The maintainer who created this API key can no longer manage ${input.organization} on GitHub`,
        cause: error,
      });
    }
    throw error;
  }
}

/**
 * The automation workflow's call: with the organization's API key, OpenStake
 * comments on a newly opened issue with a suggested difficulty, the stake and bounty, files that
 * may be relevant and notes from the organization's context. Amounts come from OpenStake's rules
 * (a bounty issue's own amounts, else the defaults by difficulty), never from a model. A repeated
 * run finds its earlier comment instead of posting a second one.
 */
export async function postIssueGuidance(
  input: {
    apiKey: string | undefined;
    org: string;
    repo: string;
    issueNumber: number;
    issueUrl?: string | undefined;
  },
  ctx: Pick<AppContext, 'db' | 'secrets' | 'github' | 'clock' | 'llm' | 'log'>,
): Promise<IssueCommentResult> {
  const key = await authenticateApiKey({ key: input.apiKey, organization: input.org }, ctx);
  const access = await creatorAccess({ userId: key.createdBy, organization: input.org }, ctx);
  const { token } = access;
  const where = `${access.login}/${input.repo}#${input.issueNumber}`;

  const issue = await ctx.github.issue(token, access.login, input.repo, input.issueNumber);
  if (!issue)
    throw new AppError('NOT_FOUND', { message: `Issue ${where} was not found on GitHub` });
  if (issue.pull_request) {
    throw new AppError('BAD_REQUEST', { message: `${where} is a pull request, not an issue` });
  }
  if (input.issueUrl && input.issueUrl.toLowerCase() !== issue.html_url.toLowerCase()) {
    throw new AppError('BAD_REQUEST', {
      message: `issue_url does not match ${where} (${issue.html_url})`,
      field: 'issue_url',
    });
  }

  const labels = labelsOf(issue.labels).map((l) => l.name);
  const difficulty = difficultyFromLabels(labels);
  const defaults = issueDefaults(difficulty);
  const bounty = await bountyAmounts(ctx.db, issue.id);
  const stakeAmount = bounty?.stake ?? defaults.stakingRequired;
  const bountyAmount = bounty && !bounty.paidAt ? bounty.bounty : 0;

  const result = { difficulty, stakeAmount, bountyAmount };

  const comments = await ctx.github.issueComments(token, access.login, input.repo, issue.number);
  const earlier = comments.find(
    (c) =>
      c.body.startsWith(GUIDANCE_MARKER) &&
      c.authorLogin.toLowerCase() === access.maintainerLogin.toLowerCase(),
  );
  if (earlier) return { commentUrl: earlier.htmlUrl, ...result };

  const context = (await findOrganizationContext(ctx.db, access.key))?.context ?? '';
  const facts: IssueFacts = {
    repository: `${access.login}/${input.repo}`,
    number: issue.number,
    title: issue.title,
    body: issue.body ?? '',
    labels,
  };
  let notes: string | null = null;
  let notesByModel = ctx.llm.kind !== 'metadata';
  if (context) {
    try {
      notes = await ctx.llm.issueNotes({ organization: access.login, context, issue: facts });
    } catch (error) {
      // The guidance is still worth posting without the model's notes: use the context's lines.
      ctx.log.warn({ err: error }, 'issue notes from the language model failed');
      notes = await new MetadataContextProvider().issueNotes({ context, issue: facts });
      notesByModel = false;
    }
  }
  const comment = await ctx.github.createIssueComment(token, {
    owner: access.login,
    repo: input.repo,
    issueNumber: issue.number,
    body: guidanceComment({
      organization: access.login,
      difficulty,
      difficultyFromLabel: labels.some((l) => labelDifficulty(l) !== undefined),
      stakeAmount,
      bountyAmount,
      xpReward: bounty?.xp ?? defaults.xpReward,
      bountyIssue: bountyAmount > 0,
      files: relevantFiles({ issue: facts, context }),
      notes,
      notesByModel,
    }),
  });
  return { commentUrl: comment.htmlUrl, ...result };
}
