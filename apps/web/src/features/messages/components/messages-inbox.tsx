import { MessagesSquare } from 'lucide-react';
import { useState } from 'react';

import { EmptyState } from '@/components/empty-state';
import { PageLoading } from '@/components/page-loading';
import { QueryError } from '@/components/query-error';
import { errorMessage } from '@/lib/api/api-error';
import { useConversations } from '../api/conversations';
import type { MessagesSide } from '../lib/messages-side';
import { ConversationList } from './conversation-list';
import { ConversationPanel } from './conversation-panel';

interface MessagesInboxProps {
  side: MessagesSide;
  /** Under 'No messages yet': where messages come from on this side. */
  emptyDescription: string;
  /** The conversation open at first (a link's ?conversation=); none by default. */
  initialOpenId?: string | null;
  /** The level of the open conversation's heading: h2 right under a page's h1, else h3. */
  headingLevel?: 'h2' | 'h3';
}

/**
 * The viewer's conversations beside the open one (below it on a narrow screen). A conversation
 * opens on a click, which also marks its messages to the viewer read.
 */
export function MessagesInbox({
  side,
  emptyDescription,
  initialOpenId = null,
  headingLevel = 'h3',
}: MessagesInboxProps) {
  const conversations = useConversations(side);
  const [openId, setOpenId] = useState<string | null>(initialOpenId);

  if (conversations.data && conversations.data.length === 0) {
    return (
      <EmptyState
        icon={MessagesSquare}
        title="No messages yet"
        description={emptyDescription}
        headingLevel={headingLevel}
      />
    );
  }
  if (conversations.data) {
    const open = conversations.data.find((c) => c.id === openId) ?? null;
    return (
      <div className="grid grid-cols-1 gap-4 md:grid-cols-[18rem_minmax(0,1fr)]">
        <ConversationList
          conversations={conversations.data}
          openId={open?.id ?? null}
          onOpen={(conversation) => {
            setOpenId(conversation.id);
          }}
        />
        {open ? (
          <ConversationPanel
            key={open.id}
            side={side}
            conversation={open}
            headingLevel={headingLevel}
          />
        ) : (
          <p className="hidden rounded-xl border border-dashed p-6 text-center text-sm text-muted-foreground md:block">
            Choose a conversation to read it.
          </p>
        )}
      </div>
    );
  }
  if (conversations.isError) {
    return (
      <QueryError
        title="We could not load your messages."
        description={errorMessage(conversations.error, 'Please try again in a moment.')}
        isRetrying={conversations.isFetching}
        onRetry={() => {
          void conversations.refetch();
        }}
      />
    );
  }
  return <PageLoading label="Loading messages..." className="min-h-48" />;
}
