import {
  demoMailboxSchema,
  notificationSettingsSchema,
  updateNotificationSettingsSchema,
  type SessionUser,
} from '@openstake/core';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { listDemoMailbox } from '../../modules/mail/list-demo-mailbox';
import {
  notificationSwitchesOf,
  setNotificationSwitches,
  type NotificationSwitch,
} from '../../modules/mail/notification-settings';
import { access } from '../access';
import { requireUser } from '../plugins/session';
import { errorResponses, ok } from '../schemas';

const settingsOf = (user: SessionUser, settings: NotificationSwitch[]) => ({
  success: true as const,
  data: { settings, emailVerified: user.emailVerified },
});

/**
 * The account's notification switches (decision 018), any role; and demo mode's mailbox: what
 * its in-process SMTP server received (a 404 outside demo mode).
 */
export async function mailRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  // Public: in demo mode a newcomer reads the mail of an account they cannot sign in to yet (a
  // confirmation, a password reset). The service answers only from demo mode's own mailbox,
  // which exists only when no SMTP_URL is set in demo mode, so no real mail is ever served.
  r.get('/api/demo/mailbox', {
    config: access('public'),
    schema: {
      tags: ['demo'],
      summary: 'Demo mode: the mail its in-process SMTP server received, newest first',
      response: { 200: ok(demoMailboxSchema), ...errorResponses(404) },
    },
    handler: async () => ({ success: true as const, data: listDemoMailbox(ctx) }),
  });

  r.get('/api/notification-settings', {
    config: access('signed-in'),
    schema: {
      tags: ['notifications'],
      summary: "The account's notification switches, one per notification of its role",
      response: { 200: ok(notificationSettingsSchema), ...errorResponses(401) },
    },
    handler: async (request) => {
      const user = await requireUser(request);
      return settingsOf(user, await notificationSwitchesOf(ctx.db, user));
    },
  });

  r.put('/api/notification-settings', {
    config: access('signed-in'),
    schema: {
      tags: ['notifications'],
      summary: "Turn some of the account's notifications on or off; the others stay",
      body: updateNotificationSettingsSchema,
      response: { 200: ok(notificationSettingsSchema), ...errorResponses(400, 401) },
    },
    handler: async (request) => {
      const user = await requireUser(request);
      return settingsOf(
        user,
        await setNotificationSwitches(ctx.db, { user, changes: request.body }, ctx),
      );
    },
  });
}
