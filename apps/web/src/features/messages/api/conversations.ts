import {
  conversationSchema,
  conversationsSchema,
  unreadCountSchema,
  type Conversation,
} from '@openstake/core';
import {
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query';

import { apiRequest } from '@/lib/api/client';
import { parseData, retryUnlessClientError } from '@/lib/api/parse';
import type { MessagesSide } from '../lib/messages-side';
import { messagesKeys } from './query-keys';

/** How often the unread count (and an open inbox) asks the server for news. */
export const MESSAGES_POLL_MS = 60_000;

const conversationsPath = (side: MessagesSide) => `/api/${side}/conversations`;
const conversationPath = (side: MessagesSide, conversationId: string) =>
  `${conversationsPath(side)}/${encodeURIComponent(conversationId)}`;

const readConversation = (body: { data?: unknown }): Conversation =>
  parseData(conversationSchema, body.data);

/** GET /api/{side}/conversations: the viewer's conversations, each with its messages. */
export async function getConversations(
  side: MessagesSide,
  signal?: AbortSignal,
): Promise<Conversation[]> {
  const body = await apiRequest<unknown>(conversationsPath(side), { signal });
  return parseData(conversationsSchema, body).data;
}

/** GET /api/{side}/conversations/unread: how many messages to the viewer are not read yet. */
export async function getUnreadCount(side: MessagesSide, signal?: AbortSignal): Promise<number> {
  const body = await apiRequest<{ data?: unknown }>(`${conversationsPath(side)}/unread`, {
    signal,
  });
  return parseData(unreadCountSchema, body.data).unread;
}

/** POST /api/{side}/conversations/{id}/messages { text }: a reply in the conversation. */
export async function sendReply(
  side: MessagesSide,
  conversationId: string,
  text: string,
): Promise<Conversation> {
  const body = await apiRequest<{ data?: unknown }>(
    `${conversationPath(side, conversationId)}/messages`,
    { method: 'POST', body: { text } },
  );
  return readConversation(body);
}

/**
 * POST /api/{side}/conversations/{id}/read: the conversation's messages to the viewer are read;
 * answers the viewer's new unread total.
 */
export async function markConversationRead(
  side: MessagesSide,
  conversationId: string,
): Promise<number> {
  const body = await apiRequest<{ data?: unknown }>(
    `${conversationPath(side, conversationId)}/read`,
    { method: 'POST' },
  );
  return parseData(unreadCountSchema, body.data).unread;
}

/** POST /api/contributor/conversations/{id}/decline: the company may not write again. */
export async function declineConversation(conversationId: string): Promise<Conversation> {
  const body = await apiRequest<{ data?: unknown }>(
    `${conversationPath('contributor', conversationId)}/decline`,
    { method: 'POST' },
  );
  return readConversation(body);
}

/**
 * POST /api/company/contributors/{userId}/messages { text }: starts or continues the company's
 * conversation with a contributor. Refused (403) when the contributor does not accept contact
 * or declined, and (429) past the company's daily limit, with the server's reason.
 */
export async function contactContributor(userId: string, text: string): Promise<Conversation> {
  const body = await apiRequest<{ data?: unknown }>(
    `/api/company/contributors/${encodeURIComponent(userId)}/messages`,
    { method: 'POST', body: { text } },
  );
  return readConversation(body);
}

/**
 * The conversation as the server now has it: first in the list after a new message (the list is
 * newest first), in its place otherwise (a decline). A list not loaded yet is left to its fetch.
 */
export function storeConversation(
  queryClient: QueryClient,
  side: MessagesSide,
  conversation: Conversation,
  { moveToTop }: { moveToTop: boolean },
): void {
  queryClient.setQueryData<Conversation[]>(messagesKeys.conversations(side), (list) => {
    if (!list) return list;
    if (moveToTop) return [conversation, ...list.filter((c) => c.id !== conversation.id)];
    return list.map((c) => (c.id === conversation.id ? conversation : c));
  });
}

/** After a read: the header's count from the server's answer, and the conversation's at 0. */
export function storeRead(
  queryClient: QueryClient,
  side: MessagesSide,
  conversationId: string,
  unread: number,
): void {
  queryClient.setQueryData(messagesKeys.unread(side), unread);
  queryClient.setQueryData<Conversation[]>(messagesKeys.conversations(side), (list) =>
    list?.map((c) => (c.id === conversationId ? { ...c, unread: 0 } : c)),
  );
}

/** The conversations; asked again every minute while shown, so replies arrive. */
export const conversationsQueryOptions = (side: MessagesSide) =>
  queryOptions({
    queryKey: messagesKeys.conversations(side),
    queryFn: ({ signal }) => getConversations(side, signal),
    retry: retryUnlessClientError,
    refetchInterval: MESSAGES_POLL_MS,
  });

export function useConversations(side: MessagesSide) {
  return useQuery(conversationsQueryOptions(side));
}

/** The unread count for a header badge, asked again every minute. */
export const unreadCountQueryOptions = (side: MessagesSide) =>
  queryOptions({
    queryKey: messagesKeys.unread(side),
    queryFn: ({ signal }) => getUnreadCount(side, signal),
    retry: retryUnlessClientError,
    refetchInterval: MESSAGES_POLL_MS,
  });

export function useUnreadCount(side: MessagesSide) {
  return useQuery(unreadCountQueryOptions(side));
}

/** A reply: the conversation as the server answers it goes first in the list. */
export const sendReplyMutation = (queryClient: QueryClient, side: MessagesSide) => ({
  mutationFn: ({ conversationId, text }: { conversationId: string; text: string }) =>
    sendReply(side, conversationId, text),
  onSuccess: (conversation: Conversation) => {
    storeConversation(queryClient, side, conversation, { moveToTop: true });
  },
});

export function useSendReply(side: MessagesSide) {
  const queryClient = useQueryClient();
  return useMutation(sendReplyMutation(queryClient, side));
}

/** Reading a conversation: the unread count from the server's answer, the conversation at 0. */
export const markReadMutation = (queryClient: QueryClient, side: MessagesSide) => ({
  mutationFn: (conversationId: string) => markConversationRead(side, conversationId),
  onSuccess: (unread: number, conversationId: string) => {
    storeRead(queryClient, side, conversationId, unread);
  },
});

export function useMarkConversationRead(side: MessagesSide) {
  const queryClient = useQueryClient();
  return useMutation(markReadMutation(queryClient, side));
}

/** A contributor's decline: the conversation, declined, in its place in the list. */
export const declineMutation = (queryClient: QueryClient) => ({
  mutationFn: declineConversation,
  onSuccess: (conversation: Conversation) => {
    storeConversation(queryClient, 'contributor', conversation, { moveToTop: false });
  },
});

export function useDeclineConversation() {
  const queryClient = useQueryClient();
  return useMutation(declineMutation(queryClient));
}

/** A company's message from the directory: the conversation goes first in its Messages. */
export const contactContributorMutation = (queryClient: QueryClient, userId: string) => ({
  mutationFn: (text: string) => contactContributor(userId, text),
  onSuccess: (conversation: Conversation) => {
    storeConversation(queryClient, 'company', conversation, { moveToTop: true });
  },
});

export function useContactContributor(userId: string) {
  const queryClient = useQueryClient();
  return useMutation(contactContributorMutation(queryClient, userId));
}
