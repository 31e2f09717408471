import type { bountyIssuesQuerySchema } from '@openstake/core';
import {
  BOUNTY_ISSUES_PER_PAGE,
  totalPages,
  type BountyIssue,
  type BountyIssueStatus,
  type BountyIssuesPage,
} from '@openstake/core';
import { count, desc, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { AppContext } from '../../context';
import { bountyIssues, stakes, trackedIssues } from '../../db/schema';

type Query = z.output<typeof bountyIssuesQuerySchema>;

/**
 * Bounty issues by me (spec 001 s2.10). Status: completed once its bounty is paid (a merged
 * stake), closed when the GitHub issue was closed without that, in_progress while a stake is
 * pending, open otherwise. Stats cover all of the maintainer's bounty issues; the filters, the
 * search and the page apply to the list. A maintainer has at most a few hundred bounty issues,
 * so they are read at once and filtered here.
 */
export async function listBountyIssues(
  input: { userId: string; query: Query },
  ctx: Pick<AppContext, 'db'>,
): Promise<BountyIssuesPage> {
  const pendingStakes = ctx.db
    .select({ issue: stakes.issueGithubId, n: count().as('pending_count') })
    .from(stakes)
    .where(eq(stakes.status, 'pending'))
    .groupBy(stakes.issueGithubId)
    .as('pending_stakes');
  const allStakes = ctx.db
    .select({ issue: stakes.issueGithubId, n: count().as('stake_count') })
    .from(stakes)
    .groupBy(stakes.issueGithubId)
    .as('all_stakes');
  const rows = await ctx.db
    .select({
      bounty: bountyIssues,
      issue: trackedIssues,
      pending: sql<number>`coalesce(${pendingStakes.n}, 0)`.mapWith(Number),
      applicants: sql<number>`coalesce(${allStakes.n}, 0)`.mapWith(Number),
    })
    .from(bountyIssues)
    .innerJoin(trackedIssues, eq(trackedIssues.githubId, bountyIssues.issueGithubId))
    .leftJoin(pendingStakes, eq(pendingStakes.issue, bountyIssues.issueGithubId))
    .leftJoin(allStakes, eq(allStakes.issue, bountyIssues.issueGithubId))
    .where(eq(bountyIssues.createdBy, input.userId))
    .orderBy(desc(bountyIssues.createdAt));

  const all: BountyIssue[] = rows.map(({ bounty, issue, pending, applicants }) => {
    const status: BountyIssueStatus = bounty.paidAt
      ? 'completed'
      : issue.state === 'closed'
        ? 'closed'
        : pending > 0
          ? 'in_progress'
          : 'open';
    return {
      id: issue.githubId,
      number: issue.number,
      title: issue.title,
      body: issue.body,
      status,
      difficulty: issue.difficulty,
      labels: issue.labels,
      repository: { fullName: issue.repositoryFullName, htmlUrl: issue.repository.htmlUrl },
      author: issue.authorLogin,
      createdAt: issue.githubCreatedAt.toISOString(),
      comments: issue.commentsCount,
      applicantsCount: applicants,
      bountyAmount: bounty.bountyAmount,
      stakeAmount: bounty.stakeAmount,
      totalPayout: bounty.bountyAmount + bounty.stakeAmount,
      htmlUrl: issue.htmlUrl,
    };
  });

  const { status, difficulty, search, page } = input.query;
  const needle = search.toLowerCase();
  const matching = all.filter(
    (i) =>
      (status === 'all' || i.status === status) &&
      (difficulty === 'all' || i.difficulty === difficulty) &&
      (needle === '' ||
        i.title.toLowerCase().includes(needle) ||
        i.repository.fullName.includes(needle) ||
        `#${String(i.number)}` === needle),
  );
  const pages = totalPages(matching.length, BOUNTY_ISSUES_PER_PAGE);
  const currentPage = Math.min(page, Math.max(1, pages));
  const countOf = (s: BountyIssueStatus) => all.filter((i) => i.status === s).length;
  return {
    issues: matching.slice(
      (currentPage - 1) * BOUNTY_ISSUES_PER_PAGE,
      currentPage * BOUNTY_ISSUES_PER_PAGE,
    ),
    stats: {
      totalIssues: all.length,
      totalBountyAmount: all.reduce((sum, i) => sum + i.bountyAmount, 0),
      totalStakeAmount: all.reduce((sum, i) => sum + i.stakeAmount, 0),
      activeIssues: countOf('open') + countOf('in_progress'),
      completedIssues: countOf('completed'),
      inProgressIssues: countOf('in_progress'),
    },
    pagination: {
      currentPage,
      totalPages: pages,
      totalItems: matching.length,
      itemsPerPage: BOUNTY_ISSUES_PER_PAGE,
    },
  };
}
