import { sendDueMail } from '../../src/modules/mail/send-due-mail';
import type { Account } from './factories';
import type { Mailbox } from './smtp-server';
import type { TestApp } from './test-app';

/**
 * A conversation's three calls through the real routes, as from each side's browser: a company
 * writes to a contributor from the directory, either side writes in a conversation, and either
 * side marks it read. `appOf` names the app when a call is made (a test file builds it in
 * beforeAll, after its describe blocks took the calls).
 */
export function conversationCalls(appOf: () => TestApp) {
  const post = (who: Account, url: string, payload?: object) =>
    appOf().server.inject({
      method: 'POST',
      url,
      headers: { cookie: who.cookie },
      ...(payload === undefined ? {} : { payload }),
    });
  return {
    contact: (company: Account, to: Account, text: string) =>
      post(company, `/api/company/contributors/${to.user.id}/messages`, { text }),
    write: (who: Account, conversationId: string, text: string) =>
      post(who, `/api/${who.user.role}/conversations/${conversationId}/messages`, { text }),
    markRead: (who: Account, conversationId: string) =>
      post(who, `/api/${who.user.role}/conversations/${conversationId}/read`),
  };
}

/**
 * Sends what the app has due, then the notifications (decision 018: the mails with
 * List-Unsubscribe, not the confirmation a sign-up mailed) that `who` received, oldest first.
 */
export async function notificationsReceived(
  app: TestApp,
  smtp: Mailbox,
  who: Account,
): Promise<ReturnType<Mailbox['messages']>> {
  await app.ctx.background.idle();
  await sendDueMail(app.ctx);
  return smtp
    .messages()
    .filter((m) => m.envelopeTo.includes(who.email) && 'list-unsubscribe' in m.headers)
    .reverse();
}
