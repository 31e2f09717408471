import { and, eq, isNull, lte } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { inTransaction } from '../../db/transaction';
import { mergedPullRequests } from '../../db/schema';
import { pullRequestFacts } from '../../integrations/github/facts';
import { githubAccessOf } from '../github/github-account';
import { stewardToken } from '../stakes/pull-request-outcome';
import { completeInAppMerge, IN_APP_MERGE_CLAIM_MS } from './complete-in-app-merge';

type Ctx = Pick<
  AppContext,
  'db' | 'secrets' | 'github' | 'githubApp' | 'clock' | 'log' | 'publicUrl'
>;

/** Claims looked at in one run; the next run takes the rest. */
const BATCH = 50;

/**
 * In-app merges whose server stopped after claiming the pull request (decision 004): each claim
 * past its window is asked about on GitHub, with the merging maintainer's token (else the
 * repository's steward's). Merged: the merge is completed from the stored feedback, as the
 * merge itself would have (stakes settled, or the author paid directly). Closed without a merge:
 * the claim is dropped, and the usual signals settle its stakes as closed. Still open: it is left
 * for the maintainer, whose next merge takes it over. Returns how many it completed.
 */
export async function finishInAppMerges(ctx: Ctx): Promise<number> {
  const now = ctx.clock.now();
  const stale = await ctx.db
    .select()
    .from(mergedPullRequests)
    .where(
      and(
        isNull(mergedPullRequests.mergedAt),
        lte(mergedPullRequests.createdAt, new Date(now.getTime() - IN_APP_MERGE_CLAIM_MS)),
      ),
    )
    .limit(BATCH);
  let completed = 0;
  for (const claim of stale) {
    const [owner, repo] = claim.repositoryFullName.split('/') as [string, string];
    try {
      const merger = await githubAccessOf(claim.mergedBy, ctx);
      const token = merger?.token ?? (await stewardToken(ctx, claim.repositoryFullName, null));
      if (!token) continue;
      const pr = await ctx.github.pullRequestData(token, owner, repo, claim.prNumber);
      const mergedAt = pr?.merged && pr.merged_at ? new Date(pr.merged_at) : null;
      if (pr && mergedAt) {
        const done = await inTransaction(ctx.db, (tx) =>
          completeInAppMerge(
            tx,
            {
              claim,
              facts: {
                ...pullRequestFacts(pr),
                mergedByLogin: pr.merged_by?.login ?? merger?.login ?? '',
                mergedById: pr.merged_by?.id ?? merger?.githubId ?? null,
                mergedAt,
              },
              sha: pr.merge_commit_sha ?? null,
              closesIssues: pr.base.ref === pr.base.repo.default_branch,
              startedAt: claim.createdAt,
            },
            ctx,
          ),
        );
        if (done) completed++;
      } else if (!pr || pr.state === 'closed') {
        await ctx.db
          .delete(mergedPullRequests)
          .where(and(eq(mergedPullRequests.id, claim.id), isNull(mergedPullRequests.mergedAt)));
      }
    } catch (error) {
      ctx.log.warn(
        { err: error, claimId: claim.id },
        'could not finish an in-app merge; will retry',
      );
    }
  }
  return completed;
}
