import { contributorIssuePath } from '@openstake/core';
import type { AppContext } from '../../../context';
import { appLink, type MailContent } from '../mail-template';

/**
 * A bounty posted on a repository the contributor staked on before (decision 018,
 * 'bounty-posted'), with a link to the issue's page, where they can stake on it.
 */
export function bountyPostedMail(
  input: {
    issueGithubId: number;
    repositoryFullName: string;
    issueNumber: number;
    issueTitle: string;
    bountyAmount: number;
    stakeAmount: number;
  },
  ctx: Pick<AppContext, 'publicUrl'>,
): Omit<MailContent, 'notification'> {
  const issue = `${input.repositoryFullName}#${String(input.issueNumber)}`;
  const coins = (n: number) => `${n.toLocaleString('en-US')} coin${n === 1 ? '' : 's'}`;
  return {
    subject: `New bounty of ${coins(input.bountyAmount)}: ${issue}`,
    blocks: [
      {
        paragraph: `A maintainer posted a bounty of ${coins(input.bountyAmount)} on issue ${issue}, "${input.issueTitle}". You staked on ${input.repositoryFullName} before.`,
      },
      {
        paragraph: `The first merged pull request that closes the issue wins it. A stake on it is ${coins(input.stakeAmount)} before your standing's price.`,
      },
      { button: 'See the issue', url: appLink(ctx, contributorIssuePath(input.issueGithubId)) },
    ],
  };
}
