import type { Conversation } from '@openstake/core';

import { Badge } from '@/components/ui/badge';
import { formatDate } from '@/lib/format-date';
import { cn } from '@/lib/utils';
import { UnreadCount } from './unread-count-badge';

/** The conversations, newest first: who, declined or not, unread count and the last words. */
export function ConversationList({
  conversations,
  openId,
  onOpen,
}: {
  conversations: readonly Conversation[];
  openId: string | null;
  onOpen: (conversation: Conversation) => void;
}) {
  return (
    <ul className="grid content-start gap-2" aria-label="Conversations">
      {conversations.map((conversation) => {
        const last = conversation.messages.at(-1);
        const isOpen = conversation.id === openId;
        return (
          <li key={conversation.id}>
            <button
              type="button"
              aria-current={isOpen || undefined}
              data-testid="conversation"
              onClick={() => {
                onOpen(conversation);
              }}
              className={cn(
                'grid w-full gap-1 rounded-lg border bg-card px-3 py-2 text-left text-sm transition-colors outline-none hover:bg-accent focus-visible:ring-[3px] focus-visible:ring-ring/50',
                isOpen && 'border-primary bg-accent',
              )}
            >
              <span className="flex items-center justify-between gap-2">
                <span
                  className={cn(
                    'min-w-0 truncate',
                    conversation.unread > 0 ? 'font-semibold' : 'font-medium',
                  )}
                >
                  {conversation.with.name}
                </span>
                <span className="flex shrink-0 items-center gap-1.5">
                  {conversation.status === 'declined' && (
                    <Badge variant="secondary">Declined</Badge>
                  )}
                  <UnreadCount count={conversation.unread} />
                </span>
              </span>
              {last && (
                <span className="truncate text-xs text-muted-foreground">
                  {last.mine ? 'You: ' : ''}
                  {last.text}
                </span>
              )}
              <span className="text-xs text-muted-foreground">
                <time dateTime={conversation.updatedAt}>{formatDate(conversation.updatedAt)}</time>
              </span>
            </button>
          </li>
        );
      })}
    </ul>
  );
}
