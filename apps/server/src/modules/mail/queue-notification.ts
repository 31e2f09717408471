import { sql, type SQL } from 'drizzle-orm';
import { NOTIFICATIONS, type NotificationKind } from '@openstake/core';
import type { AppContext } from '../../context';
import { rowsOf, type Queryable } from '../../db/database';
import { mailOutbox, notificationSettings, users } from '../../db/schema';
import { renderContent, type MailContent } from './mail-template';

/**
 * Whether the account `u` gets notification `kind` (decision 018): of its role, with a confirmed
 * address, and its switch on (`n`, its row in notification_settings, if any, else the default).
 */
function getsIt(kind: NotificationKind): SQL {
  const { role, defaultOn } = NOTIFICATIONS[kind];
  return sql`u.role = ${role}
        and u.email_verified_at is not null
        and coalesce(n.enabled, ${defaultOn})`;
}

/**
 * Queues a notification (decision 018) to each recipient who gets it: an account of the
 * notification's role, with a confirmed address (decision 017: an address nobody proved theirs
 * may be a stranger's), whose switch for it is on (NOTIFICATIONS' default while never set). One
 * statement, in the caller's transaction, for any number of recipients: the mail exists if and
 * only if the event commits. `recipients` is a list of user ids or a statement selecting them
 * (one column); `dedupeKey` makes it once per recipient (`<key>:<user id>`) however often the
 * event is seen. Returns how many were queued.
 *
 *   await queueNotification(tx, { kind: 'stake-settled', recipients: [userId], content }, ctx);
 */
export async function queueNotification(
  db: Queryable,
  input: {
    kind: NotificationKind;
    recipients: string[] | SQL;
    content: Omit<MailContent, 'notification'>;
    dedupeKey?: string;
  },
  ctx: Pick<AppContext, 'publicUrl'>,
): Promise<number> {
  if (Array.isArray(input.recipients) && input.recipients.length === 0) return 0;
  const mail = renderContent(input.kind, { ...input.content, notification: true }, ctx);
  const recipients = Array.isArray(input.recipients)
    ? sql`select unnest(${`{${input.recipients.join(',')}}`}::uuid[])`
    : input.recipients;
  const dedupeKey = input.dedupeKey ? sql`${`${input.dedupeKey}:`} || u.id::text` : sql`null::text`;
  const queued = rowsOf<{ id: string }>(
    await db.execute(sql`insert into ${mailOutbox}
        (recipient, kind, subject, text, html, headers, user_id, dedupe_key)
      select u.email, ${mail.kind}, ${mail.subject}, ${mail.text}, ${mail.html},
        ${JSON.stringify(mail.headers)}::jsonb, u.id, ${dedupeKey}
      from ${users} u
      left join ${notificationSettings} n on n.user_id = u.id and n.kind = ${input.kind}
      where u.id in (${recipients}) and ${getsIt(input.kind)}
      on conflict (dedupe_key) do nothing
      returning id`),
  );
  return queued.length;
}

/**
 * The accounts that get notification `kind` and have no mail queued under `dedupeKey` yet (see
 * queueNotification): for a job that sends one to each of them once ("this week's report").
 */
export async function dueNotificationRecipients(
  db: Queryable,
  input: { kind: NotificationKind; dedupeKey: string },
): Promise<string[]> {
  const rows = rowsOf<{ id: string }>(
    await db.execute(sql`select u.id from ${users} u
      left join ${notificationSettings} n on n.user_id = u.id and n.kind = ${input.kind}
      where ${getsIt(input.kind)}
        and not exists (select 1 from ${mailOutbox} m
          where m.dedupe_key = ${`${input.dedupeKey}:`} || u.id::text)
      order by u.id`),
  );
  return rows.map((row) => row.id);
}
