import type { MessagesSide } from '../lib/messages-side';

/** The query keys of conversations between companies and contributors. */
export const messagesKeys = {
  all: ['messages'] as const,
  conversations: (side: MessagesSide) => ['messages', side, 'conversations'] as const,
  unread: (side: MessagesSide) => ['messages', side, 'unread'] as const,
};
