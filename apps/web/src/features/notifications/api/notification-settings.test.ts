import type { NotificationSettings } from '@openstake/core';
import { MutationObserver, QueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';

import {
  NOTIFICATIONS_SAVE_FALLBACK_MESSAGE,
  getNotificationSettings,
  updateNotificationSettingsMutation,
} from './notification-settings';
import { notificationsKeys } from './query-keys';

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

/** fetch answering `body` with `status` (each test stubs its own; afterAll removes it). */
function answer(body: unknown, status = 200) {
  const fetchMock = vi.fn<typeof fetch>(async () => Promise.resolve(json(body, status)));
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

// sonner's toasts as its <Toaster> would show them; it tells of a dismissal on the next frame.
const shownToasts = () =>
  toast.getToasts().map((t) => ('title' in t ? { type: t.type, title: t.title } : t));
beforeAll(() => {
  vi.stubGlobal('requestAnimationFrame', (run: () => void) => setTimeout(run, 0));
  vi.stubGlobal('cancelAnimationFrame', (id: ReturnType<typeof setTimeout>) => {
    clearTimeout(id);
  });
});
afterEach(() => {
  toast.dismiss();
});
afterAll(() => {
  vi.unstubAllGlobals();
});

const contributorSettings = (
  enabled: Partial<Record<'company-message' | 'stake-settled' | 'bounty-posted', boolean>> = {},
): NotificationSettings => ({
  settings: [
    { kind: 'company-message', enabled: enabled['company-message'] ?? true },
    { kind: 'stake-settled', enabled: enabled['stake-settled'] ?? true },
    { kind: 'bounty-posted', enabled: enabled['bounty-posted'] ?? true },
  ],
  emailVerified: true,
});

const enabledOf = (client: QueryClient) =>
  Object.fromEntries(
    client
      .getQueryData<NotificationSettings>(notificationsKeys.settings)!
      .settings.map(({ kind, enabled }) => [kind, enabled]),
  );

describe('getNotificationSettings', () => {
  it("reads the account's switches", async () => {
    const fetchMock = answer({ success: true, data: contributorSettings() });
    expect(await getNotificationSettings()).toEqual(contributorSettings());
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/notification-settings');
  });
});

describe('turning a switch', () => {
  it('flips it at once, puts only that kind, and keeps the switches as the server saved them', async () => {
    let reply: (response: Response) => void = () => undefined;
    const fetchMock = vi.fn<typeof fetch>(
      async () =>
        new Promise<Response>((resolve) => {
          reply = resolve;
        }),
    );
    vi.stubGlobal('fetch', fetchMock);
    const client = new QueryClient();
    client.setQueryData(notificationsKeys.settings, contributorSettings());

    const saving = new MutationObserver(client, updateNotificationSettingsMutation(client)).mutate({
      'company-message': false,
    });
    await vi.waitFor(() => {
      expect(fetchMock).toHaveBeenCalledOnce();
    });
    // Optimistic: the switch is off before the server answers.
    expect(enabledOf(client)['company-message']).toBe(false);

    const [path, init] = fetchMock.mock.calls[0]!;
    expect(path).toBe('/api/notification-settings');
    expect(init?.method).toBe('PUT');
    expect(JSON.parse(String(init?.body))).toEqual({ 'company-message': false });

    // The server's answer is every switch as saved (here another was off already).
    reply(
      json({
        success: true,
        data: contributorSettings({ 'company-message': false, 'bounty-posted': false }),
      }),
    );
    await saving;
    expect(enabledOf(client)).toEqual({
      'company-message': false,
      'stake-settled': true,
      'bounty-posted': false,
    });
    expect(shownToasts()).toEqual([]);
  });

  it("flips back when the save fails and shows the server's reason", async () => {
    answer(
      {
        success: false,
        code: 'BAD_REQUEST',
        message: 'weekly-report is not a notification of a contributor',
      },
      400,
    );
    const client = new QueryClient();
    client.setQueryData(
      notificationsKeys.settings,
      contributorSettings({ 'stake-settled': false }),
    );

    const failure = await new MutationObserver(client, updateNotificationSettingsMutation(client))
      .mutate({ 'stake-settled': true })
      .catch((error: unknown) => error);

    expect(failure).toBeInstanceOf(Error);
    expect(enabledOf(client)['stake-settled']).toBe(false);
    expect(shownToasts()).toEqual([
      { type: 'error', title: 'weekly-report is not a notification of a contributor' },
    ]);
  });

  it('says it could not save when the server gives no reason', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn<typeof fetch>(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    const client = new QueryClient();
    client.setQueryData(notificationsKeys.settings, contributorSettings());

    await new MutationObserver(client, updateNotificationSettingsMutation(client))
      .mutate({ 'bounty-posted': false })
      .catch(() => undefined);

    expect(enabledOf(client)['bounty-posted']).toBe(true);
    expect(shownToasts()).toEqual([{ type: 'error', title: NOTIFICATIONS_SAVE_FALLBACK_MESSAGE }]);
  });
});
