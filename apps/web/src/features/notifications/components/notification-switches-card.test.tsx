import { NOTIFICATIONS, type NotificationSettings } from '@openstake/core';
import { MutationObserver, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderToStaticMarkup } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';

import {
  notificationSettingsQueryOptions,
  updateNotificationSettingsMutation,
} from '../api/notification-settings';
import { notificationsKeys } from '../api/query-keys';
import {
  NOTIFICATIONS_LOAD_FALLBACK_MESSAGE,
  NotificationSwitchesCard,
  UNCONFIRMED_ADDRESS_NOTE,
} from './notification-switches-card';

afterEach(() => {
  vi.unstubAllGlobals();
});

const render = (client: QueryClient) =>
  renderToStaticMarkup(
    <QueryClientProvider client={client}>
      <NotificationSwitchesCard />
    </QueryClientProvider>,
  );

function renderSaved(saved?: NotificationSettings): string {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  if (saved) client.setQueryData(notificationsKeys.settings, saved);
  return render(client);
}

/** The switches in the markup: its notification kind and aria-checked, in order. */
const switches = (html: string) =>
  [
    ...html.matchAll(
      /<button[^>]*role="switch"[^>]*aria-checked="(true|false)"[^>]*data-testid="notification-([a-z-]+)"/g,
    ),
  ].map(([, checked, kind]) => [kind, checked === 'true']);

describe('NotificationSwitchesCard', () => {
  it("shows a contributor's three switches as saved, each named and described", () => {
    const html = renderSaved({
      settings: [
        { kind: 'company-message', enabled: false },
        { kind: 'stake-settled', enabled: true },
        { kind: 'bounty-posted', enabled: true },
      ],
      emailVerified: true,
    });
    expect(html).toMatch(/<div[^>]*id="notifications"/);
    expect(html).toMatch(/<h2[^>]*>Email notifications<\/h2>/);
    expect(switches(html)).toEqual([
      ['company-message', false],
      ['stake-settled', true],
      ['bounty-posted', true],
    ]);
    for (const kind of ['company-message', 'stake-settled', 'bounty-posted'] as const) {
      const { label, description } = NOTIFICATIONS[kind];
      const id = new RegExp(`<label[^>]*for="([^"]+)"[^>]*>${label}</label>`).exec(html)?.[1];
      expect(id, label).toBeDefined();
      // The switch is named by its label and described by its description.
      expect(html).toMatch(
        new RegExp(
          `id="${id!}" data-testid="notification-${kind}" aria-describedby="${id!}-description"`,
        ),
      );
      expect(html).toMatch(new RegExp(`<p id="${id!}-description"[^>]*>${description}</p>`));
    }
    expect(html).not.toContain(UNCONFIRMED_ADDRESS_NOTE);
  });

  it("shows a company's one switch", () => {
    const html = renderSaved({
      settings: [{ kind: 'message-reply', enabled: true }],
      emailVerified: true,
    });
    expect(switches(html)).toEqual([['message-reply', true]]);
    expect(html).toContain(NOTIFICATIONS['message-reply'].label);
    expect(html).not.toContain(NOTIFICATIONS['company-message'].label);
  });

  it('shows a switch as the server saved it once turned', async () => {
    const answer = (enabled: boolean): NotificationSettings => ({
      settings: [{ kind: 'message-reply', enabled }],
      emailVerified: true,
    });
    vi.stubGlobal(
      'fetch',
      vi.fn<typeof fetch>(async () =>
        Promise.resolve(
          new Response(JSON.stringify({ success: true, data: answer(false) }), {
            headers: { 'Content-Type': 'application/json' },
          }),
        ),
      ),
    );
    const client = new QueryClient();
    client.setQueryData(notificationsKeys.settings, answer(true));
    expect(switches(render(client))).toEqual([['message-reply', true]]);

    await new MutationObserver(client, updateNotificationSettingsMutation(client)).mutate({
      'message-reply': false,
    });
    expect(switches(render(client))).toEqual([['message-reply', false]]);
  });

  it('says that mail waits for the address to be confirmed', () => {
    const html = renderSaved({
      settings: [{ kind: 'message-reply', enabled: true }],
      emailVerified: false,
    });
    expect(html).toMatch(/role="note"[^>]*data-testid="notifications-unconfirmed"/);
    expect(html).toContain(UNCONFIRMED_ADDRESS_NOTE);
    expect(UNCONFIRMED_ADDRESS_NOTE).toContain('Send a new link');
    // The switches stay: they say what is sent once the address is confirmed.
    expect(switches(html)).toEqual([['message-reply', true]]);
  });

  it('shows a loading state until the switches arrive', () => {
    const html = renderSaved();
    expect(html).toMatch(/role="status"[\s\S]*Loading notification settings\.\.\./);
    expect(html).not.toContain('role="switch"');
  });

  it('shows why the switches could not load, with Try again', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn<typeof fetch>(async () =>
        Promise.resolve(
          new Response(JSON.stringify({ success: false, message: 'Session expired' }), {
            status: 401,
            headers: { 'Content-Type': 'application/json' },
          }),
        ),
      ),
    );
    // As the card shows a failed load once mounted (on mount it asks again).
    const client = new QueryClient({ defaultOptions: { queries: { retryOnMount: false } } });
    await client.prefetchQuery(notificationSettingsQueryOptions);
    const html = render(client);
    expect(html).toMatch(/<p role="alert"[^>]*>Session expired<\/p>/);
    expect(html).toContain('Try again');
    expect(html).not.toContain('role="switch"');
    expect(NOTIFICATIONS_LOAD_FALLBACK_MESSAGE).toMatch(/could not load/);
  });
});
