import type { AppContext } from '../../context';
import { inTransaction } from '../../db/transaction';
import { claimUnannouncedBounties, markBountyAnnounced } from '../bounties/bounty-store';
import { queueNotification } from '../mail/queue-notification';
import { bountyPostedMail } from '../mail/templates/bounty-posted';
import { stakersInRepositoryBefore } from './stake-store';

/** Bounties announced in one transaction; the next run takes the rest. */
const BATCH = 20;

/**
 * The announce-bounties job (decision 018): mails each new bounty to the contributors who staked
 * on its repository before ('bounty-posted'), once. It runs here, above `bounties`, because who
 * staked is a question of stakes; however a bounty was posted (a new issue, or a bounty on an
 * issue), it is found here within the job's minute. A bounty already won, refunded or on a
 * closed issue is marked told without a mail. Returns how many bounties it announced.
 */
export async function announceBounties(
  ctx: Pick<AppContext, 'db' | 'clock' | 'publicUrl' | 'mail'>,
): Promise<number> {
  let announced = 0;
  for (;;) {
    // Counted from what the transaction answers: a deadlock retry runs its body again.
    const run = await inTransaction(ctx.db, async (tx) => {
      let told = 0;
      const bounties = await claimUnannouncedBounties(tx, BATCH);
      for (const bounty of bounties) {
        if (bounty.open) {
          await queueNotification(
            tx,
            {
              kind: 'bounty-posted',
              recipients: stakersInRepositoryBefore({
                repositoryFullName: bounty.repositoryFullName,
                before: bounty.createdAt,
                except: bounty.createdBy,
              }),
              content: bountyPostedMail(
                {
                  issueGithubId: bounty.issueGithubId,
                  repositoryFullName: bounty.repositoryFullName,
                  issueNumber: bounty.number,
                  issueTitle: bounty.title,
                  bountyAmount: bounty.bountyAmount,
                  stakeAmount: bounty.stakeAmount,
                },
                ctx,
              ),
              dedupeKey: `bounty-posted:${String(bounty.issueGithubId)}`,
            },
            ctx,
          );
          told += 1;
        }
        await markBountyAnnounced(tx, bounty.issueGithubId, ctx.clock.now());
      }
      return { claimed: bounties.length, told };
    });
    announced += run.told;
    if (run.claimed < BATCH) break;
  }
  if (announced > 0) ctx.mail.nudge();
  return announced;
}
