import { z } from 'zod';
import type { Role } from './auth';

/*
 * Notification mails (issue 31, decision 018): each is about one event, goes to one role, and
 * has a switch of its own in that account's settings. A switch never set is at its default.
 * The server sends a notification only to a confirmed address (decision 017): an address nobody
 * proved theirs may be a stranger's.
 */

export const NOTIFICATION_KINDS = [
  'company-message',
  'stake-settled',
  'bounty-posted',
  'message-reply',
  'stake-awaiting-review',
  'weekly-report',
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

export interface NotificationInfo {
  /** The one role that gets it; its switch shows only in that role's settings. */
  role: Role;
  /** Whether it is sent while the account never turned its switch. */
  defaultOn: boolean;
  label: string;
  description: string;
}

export const NOTIFICATIONS: Readonly<Record<NotificationKind, NotificationInfo>> = {
  'company-message': {
    role: 'contributor',
    defaultOn: true,
    label: 'Messages from companies',
    description:
      'An email when a company writes to you; one per conversation until you read it on OpenStake.',
  },
  'stake-settled': {
    role: 'contributor',
    defaultOn: true,
    label: 'Settled stakes',
    description:
      'An email when a stake of yours settles: merged with its reward, rejected with its deduction, refunded or expired.',
  },
  'bounty-posted': {
    role: 'contributor',
    defaultOn: true,
    label: 'New bounties',
    description: 'An email when a bounty is posted on a repository you staked on before.',
  },
  'message-reply': {
    role: 'company',
    defaultOn: true,
    label: 'Replies from contributors',
    description:
      'An email when a contributor replies to you; one per conversation until you read it on OpenStake.',
  },
  // The maintainer's two are the organization settings' "Email notifications" and "Weekly
  // reports" switches (their General tab), with the spec's defaults: on, off.
  'stake-awaiting-review': {
    role: 'maintainer',
    defaultOn: true,
    label: 'Email notifications',
    description:
      'An email when a contributor stakes on a pull request in a repository you connected or an issue you posted a bounty on: it waits for your review.',
  },
  'weekly-report': {
    role: 'maintainer',
    defaultOn: false,
    label: 'Weekly reports',
    description:
      'Once a week, the week before (Monday to Sunday, UTC) in your connected repositories: pull requests reviewed, bounties paid, deductions, and the stakes waiting in the queue.',
  },
};

/** The notifications one role gets, in the order its settings show them. */
export const notificationKindsOf = (role: Role): NotificationKind[] =>
  NOTIFICATION_KINDS.filter((kind) => NOTIFICATIONS[kind].role === role);

export const notificationKindSchema = z.enum(NOTIFICATION_KINDS);

/** GET /api/notification-settings: the account's switches, one per notification of its role. */
export const notificationSettingsSchema = z.object({
  settings: z.array(z.object({ kind: notificationKindSchema, enabled: z.boolean() })),
  /**
   * Whether the account's address is confirmed: until it is, no notification is sent whatever
   * the switches say.
   */
  emailVerified: z.boolean(),
});
export type NotificationSettings = z.infer<typeof notificationSettingsSchema>;

/**
 * PUT /api/notification-settings: the switches to change, by kind; the others stay. A kind of
 * another role is refused (the server answers which).
 */
export const updateNotificationSettingsSchema = z
  .partialRecord(
    notificationKindSchema,
    z.boolean({ message: 'Each switch must be true or false' }),
  )
  .refine((body) => Object.keys(body).length > 0, { message: 'Send at least one switch' });
export type UpdateNotificationSettings = z.infer<typeof updateNotificationSettingsSchema>;
