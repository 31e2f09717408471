import { STAKES_PAGE_PATH } from '@openstake/core';
import type { AppContext } from '../../../context';
import { appLink, type MailBlock, type MailContent } from '../mail-template';

/** How a stake ended, as its mail tells it. */
export type SettledAs =
  /** Merged with the issue referenced: the stake back, the reward, the bounty if it won it. */
  | { kind: 'merged'; xp: number; coins: number; bounty: number }
  /** Merged, but earning nothing (`reason`): the stake back in full. */
  | { kind: 'merged-without-credit'; reason: string }
  /** Closed after a review: the deduction went to the repository, the rest back. */
  | { kind: 'rejected'; deducted: number }
  /** Closed without a review: the stake back in full. */
  | { kind: 'refunded' }
  /** Nobody merged or closed it within the stake's lifetime: the stake back in full. */
  | { kind: 'expired' };

const coins = (n: number) => `${n.toLocaleString('en-US')} coin${n === 1 ? '' : 's'}`;

/**
 * A stake settled (decision 018, 'stake-settled'): what happened to the pull request and every
 * coin and XP it moved, with a link to the contributor's stakes. Not sent for a stake its
 * contributor took back themselves (`/unstake`).
 */
export function stakeSettledMail(
  input: {
    repositoryFullName: string;
    prNumber: number;
    issueNumber: number;
    issueTitle: string;
    amount: number;
    refunded: number;
    settledAs: SettledAs;
  },
  ctx: Pick<AppContext, 'publicUrl'>,
): Omit<MailContent, 'notification'> {
  const pr = `${input.repositoryFullName}#${String(input.prNumber)}`;
  const on = `your stake of ${coins(input.amount)} on issue #${String(input.issueNumber)} ("${input.issueTitle}")`;
  const { settledAs } = input;
  const back = `The ${coins(input.refunded)} you staked are back in your wallet.`;
  let subject: string;
  let what: MailBlock[];
  switch (settledAs.kind) {
    case 'merged': {
      subject = `Merged: ${pr}`;
      const earned = [
        `${settledAs.xp.toLocaleString('en-US')} XP`,
        coins(settledAs.coins),
        ...(settledAs.bounty > 0 ? [`the issue's bounty of ${coins(settledAs.bounty)}`] : []),
      ];
      what = [
        { paragraph: `Pull request ${pr} was merged, settling ${on}.` },
        { paragraph: `${back} You earned ${earned.join(', ')}.` },
      ];
      break;
    }
    case 'merged-without-credit':
      subject = `Merged without a reward: ${pr}`;
      what = [
        {
          paragraph: `Pull request ${pr} was merged, settling ${on}, but it earns no reward: ${settledAs.reason}.`,
        },
        { paragraph: back },
      ];
      break;
    case 'rejected':
      subject = `Closed after review: ${pr}`;
      what = [
        {
          paragraph: `Pull request ${pr} was closed after a review without being merged, settling ${on}.`,
        },
        {
          paragraph: `${coins(settledAs.deducted)} went to the repository as the deduction; the other ${coins(input.refunded)} are back in your wallet.`,
        },
      ];
      break;
    case 'refunded':
      subject = `Refunded: ${pr}`;
      what = [
        { paragraph: `Pull request ${pr} was closed without a review, settling ${on}.` },
        { paragraph: `${back} Nothing was deducted.` },
      ];
      break;
    case 'expired':
      subject = `Expired: ${pr}`;
      what = [
        {
          paragraph: `Nobody merged or closed pull request ${pr} before ${on} expired.`,
        },
        { paragraph: `${back} Nothing was deducted.` },
      ];
      break;
  }
  return {
    subject,
    blocks: [...what, { button: 'See your stakes', url: appLink(ctx, STAKES_PAGE_PATH) }],
  };
}
