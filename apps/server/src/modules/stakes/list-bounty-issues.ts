import type { bountyIssuesQuerySchema } from '@openstake/core';
import {
  BOUNTY_ISSUES_PER_PAGE,
  totalPages,
  type BountyIssue,
  type BountyIssueStatus,
  type BountyIssuesPage,
} from '@openstake/core';
import type { z } from 'zod';
import type { AppContext } from '../../context';
import { chainBountyRecords, chainBountyView } from '../chain/chain-bounties';
import { bountyIssuesWithStakeCounts } from './stake-store';

type Query = z.output<typeof bountyIssuesQuerySchema>;

/**
 * Bounty issues by me, in the stakes module: a bounty issue's status and applicants are its
 * stakes, counted in the list's one statement (bountyIssuesWithStakeCounts). Status: completed once its bounty is paid (a merged
 * stake), closed when the GitHub issue was closed without that, in_progress while a stake is
 * pending, open otherwise. Stats cover all of the maintainer's bounty issues; the filters, the
 * search and the page apply to the list. A maintainer has at most a few hundred bounty issues,
 * so they are read at once and filtered here.
 */
export async function listBountyIssues(
  input: { userId: string; query: Query },
  ctx: Pick<AppContext, 'db' | 'chain'>,
): Promise<BountyIssuesPage> {
  const rows = await bountyIssuesWithStakeCounts(ctx.db, input.userId);
  const { chain } = ctx;
  const chainRecords = chain
    ? await chainBountyRecords(
        ctx.db,
        rows.map((row) => row.bounty.issueGithubId),
      )
    : new Map();

  const all: BountyIssue[] = rows.map(({ bounty, issue, pending, applicants }) => {
    const chainRecord = chainRecords.get(bounty.issueGithubId);
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
      chainBounty:
        chain && chainRecord
          ? chainBountyView(chainRecord, Boolean(bounty.paidAt ?? bounty.refundedAt), chain)
          : null,
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
