import type { Tx } from '../../db/database';
import { setAdvertisedBounty } from '../issues/issue-store';

/**
 * tracked_issues.bounty is the bounty an issue's pages advertise (the issue page, the suggested
 * issues, a pull request's related issue): the coins still to be won. It follows the bounty
 * issue's own row in the transaction that changes that row: raised by an addition, 0 once the
 * bounty is paid or refunded, so an issue reopened after either never shows a bounty nobody can
 * win.
 */
export async function advertiseBountyIn(
  tx: Tx,
  issueGithubId: number,
  stillToWin: number,
): Promise<void> {
  await setAdvertisedBounty(tx, issueGithubId, stillToWin);
}
