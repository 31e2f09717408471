import { z } from 'zod';

/**
 * Where a notification mail's List-Unsubscribe and footer lead: the signed-in account's
 * notification settings (the web app sends each role to its own settings page).
 */
export const NOTIFICATION_SETTINGS_PATH = '/settings/notifications';

/** The web app's page of demo mode's mailbox (GET /api/demo/mailbox). */
export const DEMO_MAILBOX_PATH = '/demo/mailbox';

/** One message demo mode's in-process SMTP server received. */
export const demoMailSchema = z.object({
  id: z.string(),
  receivedAt: z.string(),
  from: z.string(),
  to: z.string(),
  subject: z.string(),
  /** The plain-text part, as sent. */
  text: z.string(),
});
export type DemoMail = z.infer<typeof demoMailSchema>;

/** GET /api/demo/mailbox: what demo mode "sent", newest first (the last 200 messages). */
export const demoMailboxSchema = z.object({ messages: z.array(demoMailSchema) });
export type DemoMailbox = z.infer<typeof demoMailboxSchema>;
