import { maintainerQueuePath } from '@openstake/core';
import type { AppContext } from '../../../context';
import { appLink, type MailContent } from '../mail-template';

/**
 * A contributor staked on a pull request (decision 018, 'stake-awaiting-review'): to the
 * maintainer who connected the repository and the one who posted the issue's bounty, with a link
 * to the repository's queue, where staked work comes first.
 */
export function stakeAwaitingReviewMail(
  input: {
    contributorLogin: string;
    repositoryFullName: string;
    prNumber: number;
    issueNumber: number;
    issueTitle: string;
    amount: number;
    /** What the contributor declared of AI's part in it, as the queue shows it. */
    aiAssistance: string;
  },
  ctx: Pick<AppContext, 'publicUrl'>,
): Omit<MailContent, 'notification'> {
  const pr = `${input.repositoryFullName}#${String(input.prNumber)}`;
  return {
    subject: `Staked and waiting for review: ${pr}`,
    blocks: [
      {
        paragraph: `${input.contributorLogin} staked ${input.amount.toLocaleString('en-US')} coins on pull request ${pr}, for issue #${String(input.issueNumber)} ("${input.issueTitle}"). AI assistance declared: ${input.aiAssistance}.`,
      },
      {
        paragraph:
          "Merging it pays the reward; closing it after a review deducts the repository's share of the stake; closing it without a review refunds it.",
      },
      {
        button: 'Open the review queue',
        url: appLink(ctx, maintainerQueuePath(input.repositoryFullName)),
      },
    ],
  };
}
