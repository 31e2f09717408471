// Apart from mail.ts's schemas: the demo banner, on every page, needs only the path.

/**
 * Where a notification mail's List-Unsubscribe and footer lead: the signed-in account's
 * notification settings (the web app sends each role to its own settings page).
 */
export const NOTIFICATION_SETTINGS_PATH = '/settings/notifications';

/** The web app's page of demo mode's mailbox (GET /api/demo/mailbox). */
export const DEMO_MAILBOX_PATH = '/demo/mailbox';

/*
 * The pages notification mails link to (decision 018), said once for the server's templates and
 * the web app that opens them.
 */

/** The query parameter that opens one conversation on either side's messages page. */
export const CONVERSATION_PARAM = 'conversation';

/** A conversation on the reader's own messages page: the contributor's dashboard tab, or the company's. */
export function conversationPagePath(
  side: 'contributor' | 'company',
  conversationId: string,
): string {
  const id = `${CONVERSATION_PARAM}=${encodeURIComponent(conversationId)}`;
  return side === 'contributor'
    ? `/contributor/dashboard?tab=messages&${id}`
    : `/company/messages?${id}`;
}

/** The contributor's stakes, on their dashboard. */
export const STAKES_PAGE_PATH = '/contributor/dashboard?tab=stakes';

/** A tracked issue's page for contributors, by its GitHub id. */
export const contributorIssuePath = (issueGithubId: number): string =>
  `/contributor/issue/${String(issueGithubId)}`;

/** A connected repository's pull requests, the maintainer's queue. */
export const maintainerQueuePath = (repositoryFullName: string): string =>
  `/maintainer/repo/${repositoryFullName}/issues`;
