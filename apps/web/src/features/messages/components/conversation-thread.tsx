import type { Conversation } from '@openstake/core';

import { formatDateTime } from '@/lib/format-date';
import { cn } from '@/lib/utils';

/**
 * The messages of a conversation, oldest first, the viewer's on the right. Text is shown as
 * text (line breaks kept), never as HTML or markdown: whatever a sender types stays inert.
 */
export function ConversationThread({ conversation }: { conversation: Conversation }) {
  if (conversation.messages.length === 0) {
    return <p className="text-sm text-muted-foreground">No messages yet.</p>;
  }
  return (
    <ol className="grid gap-3" aria-label={`Messages with ${conversation.with.name}`}>
      {conversation.messages.map((message) => (
        <li
          key={message.id}
          data-testid={message.mine ? 'message-mine' : 'message-theirs'}
          className={cn(
            'grid max-w-[85%] gap-1',
            message.mine ? 'justify-self-end justify-items-end' : 'justify-self-start',
          )}
        >
          <p
            className={cn(
              'rounded-2xl px-3 py-2 text-sm break-words whitespace-pre-wrap',
              message.mine ? 'bg-primary text-primary-foreground' : 'bg-muted text-foreground',
            )}
          >
            {message.text}
          </p>
          <p className="text-xs text-muted-foreground">
            <span className="font-medium">{message.mine ? 'You' : conversation.with.name}</span>
            {' · '}
            <time dateTime={message.createdAt}>{formatDateTime(message.createdAt)}</time>
          </p>
        </li>
      ))}
    </ol>
  );
}
