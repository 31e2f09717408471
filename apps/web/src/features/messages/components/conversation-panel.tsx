import type { Conversation } from '@openstake/core';
import { Ban } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { toast } from 'sonner';

import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
  AlertDialogTrigger,
} from '@/components/ui/alert-dialog';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { errorMessage } from '@/lib/api/api-error';
import {
  useDeclineConversation,
  useMarkConversationRead,
  useSendReply,
} from '../api/conversations';
import { DECLINED_TEXT } from '../lib/message-text';
import type { MessagesSide } from '../lib/messages-side';
import { ConversationThread } from './conversation-thread';
import { MessageComposer } from './message-composer';

export const REPLY_FALLBACK_MESSAGE = 'Failed to send message';
export const DECLINE_FALLBACK_MESSAGE = 'Failed to decline the conversation';

/**
 * One open conversation: its messages, a reply box while it is open, and for a contributor the
 * Decline button (after a confirmation). Opening it, or a new message arriving while it is open,
 * marks its messages to the viewer read. Render it with `key={conversation.id}`.
 */
export function ConversationPanel({
  side,
  conversation,
  headingLevel: Heading = 'h3',
}: {
  side: MessagesSide;
  conversation: Conversation;
  headingLevel?: 'h2' | 'h3';
}) {
  const reply = useSendReply(side);
  const { mutate: markRead } = useMarkConversationRead(side);
  const heading = useRef<HTMLHeadingElement>(null);
  const declined = conversation.status === 'declined';

  useEffect(() => {
    if (conversation.unread > 0) markRead(conversation.id);
  }, [conversation.id, conversation.unread, markRead]);

  // Opening a conversation moves focus to it (below the list on a narrow screen).
  useEffect(() => {
    heading.current?.focus();
  }, []);

  return (
    <section
      aria-labelledby={`conversation-${conversation.id}`}
      className="grid content-start gap-4 rounded-xl border bg-card p-4 shadow-sm"
    >
      <header className="flex flex-wrap items-center justify-between gap-2">
        <div className="flex min-w-0 items-center gap-2">
          <Heading
            ref={heading}
            tabIndex={-1}
            id={`conversation-${conversation.id}`}
            className="min-w-0 font-semibold wrap-anywhere outline-none"
          >
            {conversation.with.name}
          </Heading>
          {declined && <Badge variant="secondary">Declined</Badge>}
        </div>
        {side === 'contributor' && !declined && <DeclineButton conversation={conversation} />}
      </header>

      <ConversationThread conversation={conversation} />

      {declined ? (
        <p className="text-sm text-muted-foreground" data-testid="declined-note">
          {DECLINED_TEXT[side]}
        </p>
      ) : (
        <MessageComposer
          label="Reply"
          placeholder="Write a reply..."
          isSending={reply.isPending}
          error={reply.error ? errorMessage(reply.error, REPLY_FALLBACK_MESSAGE) : null}
          onSend={(text, sent) => {
            reply.mutate(
              { conversationId: conversation.id, text },
              {
                onSuccess: sent,
                onError: (error) => {
                  toast.error(errorMessage(error, REPLY_FALLBACK_MESSAGE), { richColors: true });
                },
              },
            );
          }}
        />
      )}
    </section>
  );
}

function DeclineButton({ conversation }: { conversation: Conversation }) {
  const decline = useDeclineConversation();
  return (
    <AlertDialog>
      <AlertDialogTrigger asChild>
        <Button variant="outline" size="sm" disabled={decline.isPending}>
          <Ban aria-hidden="true" />
          Decline
        </Button>
      </AlertDialogTrigger>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>Decline messages from {conversation.with.name}?</AlertDialogTitle>
          <AlertDialogDescription>
            They will not be able to write to you in this conversation again. This cannot be undone.
          </AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel>Cancel</AlertDialogCancel>
          <AlertDialogAction
            variant="destructive"
            onClick={() => {
              decline.mutate(conversation.id, {
                onSuccess: () => {
                  toast.success('Conversation declined');
                },
                onError: (error) => {
                  toast.error(errorMessage(error, DECLINE_FALLBACK_MESSAGE), { richColors: true });
                },
              });
            }}
          >
            Decline
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
