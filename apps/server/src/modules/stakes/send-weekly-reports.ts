import type { AppContext } from '../../context';
import { dueNotificationRecipients, queueNotification } from '../mail/queue-notification';
import { weeklyReportMail } from '../mail/templates/weekly-report';
import { weeklyFiguresOf } from './stake-store';

const DAY_MS = 86_400_000;

/** The Monday 00:00 UTC that starts the week of `at`. */
export function weekStartOf(at: Date): Date {
  const midnight = Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate());
  const sinceMonday = (new Date(midnight).getUTCDay() + 6) % 7;
  return new Date(midnight - sinceMonday * DAY_MS);
}

/**
 * The send-weekly-reports job (decision 018): each maintainer whose "Weekly reports" switch is
 * on (and whose address is confirmed) gets the report of the last whole week, Monday to Sunday
 * UTC, once: the dedupe key `weekly-report:<its Monday>:<user>` makes a second run, another
 * server, or the next hour's run queue nothing. The first run after a week ends sends it; a
 * maintainer who turns the switch on gets last week's at the next run. A maintainer who
 * connected no repository and posted no bounty that was paid gets none. Returns how many it
 * queued.
 */
export async function sendWeeklyReports(
  ctx: Pick<AppContext, 'db' | 'clock' | 'publicUrl' | 'mail'>,
): Promise<number> {
  const to = weekStartOf(ctx.clock.now());
  const from = new Date(to.getTime() - 7 * DAY_MS);
  const dedupeKey = `weekly-report:${from.toISOString().slice(0, 10)}`;
  const maintainers = await dueNotificationRecipients(ctx.db, { kind: 'weekly-report', dedupeKey });
  let queued = 0;
  for (const maintainerId of maintainers) {
    const figures = await weeklyFiguresOf(ctx.db, { maintainerId, from, to });
    if (figures.repositories === 0 && figures.bountiesPaid === 0) continue;
    queued += await queueNotification(
      ctx.db,
      {
        kind: 'weekly-report',
        recipients: [maintainerId],
        content: weeklyReportMail({ from, to, figures }, ctx),
        dedupeKey,
      },
      ctx,
    );
  }
  if (queued > 0) ctx.mail.nudge();
  return queued;
}
