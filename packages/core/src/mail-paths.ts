// Apart from mail.ts's schemas: the demo banner, on every page, needs only the path.

/**
 * Where a notification mail's List-Unsubscribe and footer lead: the signed-in account's
 * notification settings (the web app sends each role to its own settings page).
 */
export const NOTIFICATION_SETTINGS_PATH = '/settings/notifications';

/** The web app's page of demo mode's mailbox (GET /api/demo/mailbox). */
export const DEMO_MAILBOX_PATH = '/demo/mailbox';
