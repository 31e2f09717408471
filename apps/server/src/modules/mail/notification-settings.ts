import { and, eq, inArray, sql } from 'drizzle-orm';
import {
  NOTIFICATIONS,
  notificationKindsOf,
  type NotificationKind,
  type Role,
  type UpdateNotificationSettings,
} from '@openstake/core';
import type { AppContext } from '../../context';
import type { Queryable } from '../../db/database';
import { notificationSettings } from '../../db/schema';
import { AppError } from '../../errors';

export interface NotificationSwitch {
  kind: NotificationKind;
  enabled: boolean;
}

/** The account's switches, one per notification of its role: what it set, else the default. */
export async function notificationSwitchesOf(
  db: Queryable,
  user: { id: string; role: Role },
): Promise<NotificationSwitch[]> {
  const kinds = notificationKindsOf(user.role);
  const rows =
    kinds.length === 0
      ? []
      : await db
          .select({ kind: notificationSettings.kind, enabled: notificationSettings.enabled })
          .from(notificationSettings)
          .where(
            and(
              eq(notificationSettings.userId, user.id),
              inArray(notificationSettings.kind, kinds),
            ),
          );
  const set = new Map(rows.map((row) => [row.kind, row.enabled]));
  return kinds.map((kind) => ({ kind, enabled: set.get(kind) ?? NOTIFICATIONS[kind].defaultOn }));
}

/**
 * Sets some of the account's switches, the others as they were, and answers all of them. A
 * notification of another role is refused: it would never be sent to this account.
 */
export async function setNotificationSwitches(
  db: Queryable,
  input: { user: { id: string; role: Role }; changes: UpdateNotificationSettings },
  ctx: Pick<AppContext, 'clock'>,
): Promise<NotificationSwitch[]> {
  const changes = Object.entries(input.changes) as [NotificationKind, boolean][];
  const foreign = changes.find(([kind]) => NOTIFICATIONS[kind].role !== input.user.role);
  if (foreign) {
    throw new AppError('BAD_REQUEST', {
      message: `"${NOTIFICATIONS[foreign[0]].label}" is a notification for ${NOTIFICATIONS[foreign[0]].role}s, not for your account`,
      field: foreign[0],
    });
  }
  if (changes.length > 0) {
    const updatedAt = ctx.clock.now();
    await db
      .insert(notificationSettings)
      .values(
        changes.map(([kind, enabled]) => ({ userId: input.user.id, kind, enabled, updatedAt })),
      )
      .onConflictDoUpdate({
        target: [notificationSettings.userId, notificationSettings.kind],
        set: { enabled: sql`excluded.enabled`, updatedAt },
      });
  }
  return notificationSwitchesOf(db, input.user);
}
