import type { Conversation } from '@openstake/core';
import { MutationObserver, QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { ApiError } from '@/lib/api/api-error';
import { conversation, message } from '../test/conversation-data';
import {
  MESSAGES_POLL_MS,
  contactContributorMutation,
  declineMutation,
  getConversations,
  markReadMutation,
  sendReplyMutation,
  unreadCountQueryOptions,
} from './conversations';
import { messagesKeys } from './query-keys';

afterEach(() => {
  vi.unstubAllGlobals();
});

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

/** fetch answering `body` with `status`; the calls are in vi.mocked(fetch).mock.calls. */
function answer(body: unknown, status = 200) {
  const fetchMock = vi.fn<typeof fetch>(async () => Promise.resolve(json(body, status)));
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

const call = (fetchMock: ReturnType<typeof answer>, index = 0) => {
  const [path, init] = fetchMock.mock.calls[index]!;
  return {
    path,
    method: init?.method,
    body: init?.body === undefined ? undefined : (JSON.parse(String(init.body)) as unknown),
  };
};

describe('getConversations', () => {
  it("reads each side's own list", async () => {
    const fetchMock = answer({ success: true, data: [conversation()] });
    expect(await getConversations('contributor')).toEqual([conversation()]);
    await getConversations('company');
    expect(call(fetchMock, 0).path).toBe('/api/contributor/conversations');
    expect(call(fetchMock, 1).path).toBe('/api/company/conversations');
  });
});

describe('the unread count', () => {
  it('is asked every minute from the side it is for', async () => {
    const fetchMock = answer({ success: true, data: { unread: 3 } });
    const options = unreadCountQueryOptions('contributor');
    expect(options.refetchInterval).toBe(MESSAGES_POLL_MS);
    expect(MESSAGES_POLL_MS).toBe(60_000);
    expect(await new QueryClient().fetchQuery(options)).toBe(3);
    expect(call(fetchMock).path).toBe('/api/contributor/conversations/unread');
  });
});

describe('reading a conversation', () => {
  it('posts the read, then shows the new total and the conversation with nothing unread', async () => {
    const fetchMock = answer({ success: true, data: { unread: 1 } });
    const client = new QueryClient();
    client.setQueryData(messagesKeys.unread('contributor'), 4);
    client.setQueryData(messagesKeys.conversations('contributor'), [
      conversation({ id: 'c1', unread: 3 }),
      conversation({ id: 'c2', unread: 1 }),
    ]);

    await new MutationObserver(client, markReadMutation(client, 'contributor')).mutate('c1');

    expect(call(fetchMock)).toEqual({
      path: '/api/contributor/conversations/c1/read',
      method: 'POST',
      body: undefined,
    });
    expect(client.getQueryData(messagesKeys.unread('contributor'))).toBe(1);
    expect(
      client
        .getQueryData<Conversation[]>(messagesKeys.conversations('contributor'))
        ?.map((c) => [c.id, c.unread]),
    ).toEqual([
      ['c1', 0],
      ['c2', 1],
    ]);
  });
});

describe('a reply', () => {
  it('posts the text and puts the answered conversation first', async () => {
    const replied = conversation({
      id: 'c2',
      messages: [message(), message({ id: 'm2', mine: true, text: 'Thanks!' })],
    });
    const fetchMock = answer({ success: true, data: replied }, 201);
    const client = new QueryClient();
    client.setQueryData(messagesKeys.conversations('company'), [
      conversation({ id: 'c1' }),
      conversation({ id: 'c2' }),
    ]);

    await new MutationObserver(client, sendReplyMutation(client, 'company')).mutate({
      conversationId: 'c2',
      text: 'Thanks!',
    });

    expect(call(fetchMock)).toEqual({
      path: '/api/company/conversations/c2/messages',
      method: 'POST',
      body: { text: 'Thanks!' },
    });
    expect(client.getQueryData(messagesKeys.conversations('company'))).toEqual([
      replied,
      conversation({ id: 'c1' }),
    ]);
  });
});

describe('declining', () => {
  it('marks the conversation declined where it is in the list', async () => {
    const declined = conversation({ id: 'c2', status: 'declined' });
    const fetchMock = answer({ success: true, data: declined });
    const client = new QueryClient();
    client.setQueryData(messagesKeys.conversations('contributor'), [
      conversation({ id: 'c1' }),
      conversation({ id: 'c2' }),
    ]);

    await new MutationObserver(client, declineMutation(client)).mutate('c2');

    expect(call(fetchMock)).toMatchObject({
      path: '/api/contributor/conversations/c2/decline',
      method: 'POST',
    });
    expect(
      client
        .getQueryData<Conversation[]>(messagesKeys.conversations('contributor'))
        ?.map((c) => [c.id, c.status]),
    ).toEqual([
      ['c1', 'open'],
      ['c2', 'declined'],
    ]);
  });
});

describe('contacting a contributor', () => {
  it("posts to the contributor's messages and gives the conversation", async () => {
    const started = conversation({ with: { id: 'user-1', name: 'dev-1' } });
    const fetchMock = answer({ success: true, data: started }, 201);
    const client = new QueryClient();
    const result = await new MutationObserver(
      client,
      contactContributorMutation(client, 'user-1'),
    ).mutate('We would like to talk.');
    expect(result).toEqual(started);
    expect(call(fetchMock)).toEqual({
      path: '/api/company/contributors/user-1/messages',
      method: 'POST',
      body: { text: 'We would like to talk.' },
    });
  });

  it("fails with the server's reason at the daily limit", async () => {
    answer(
      { success: false, code: 'RATE_LIMITED', message: 'You can send 20 messages a day' },
      429,
    );
    const client = new QueryClient();
    const failure = await new MutationObserver(client, contactContributorMutation(client, 'u'))
      .mutate('Hi')
      .catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ApiError);
    expect((failure as ApiError).serverMessage).toBe('You can send 20 messages a day');
    expect((failure as ApiError).status).toBe(429);
  });
});
