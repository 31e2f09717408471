import { CONVERSATION_PARAM } from '@openstake/core';
import { useSearchParams } from 'react-router';

import { MessagesInbox } from '@/features/messages/components/messages-inbox';

/**
 * Messages (issue 11): what companies wrote, with a reply box and Decline on each conversation.
 * Opening a conversation marks it read, and the header's count follows. ?conversation= opens one
 * (the link of the mail that told of a company's message).
 */
export function MessagesTab() {
  const [searchParams] = useSearchParams();
  return (
    <section aria-labelledby="messages-title" className="grid gap-4">
      <div className="grid gap-1">
        <h2 id="messages-title" className="text-xl font-semibold tracking-tight">
          Messages
        </h2>
        <p className="text-sm text-muted-foreground">
          Companies looking to hire write to you here. Reply, or decline a conversation you do not
          want.
        </p>
      </div>
      <MessagesInbox
        side="contributor"
        initialOpenId={searchParams.get(CONVERSATION_PARAM)}
        emptyDescription="When a company writes to you, it shows here. You choose whether companies may contact you in Settings, under Privacy."
      />
    </section>
  );
}
