import { CONVERSATION_PARAM } from '@openstake/core';
import { useSearchParams } from 'react-router';

import { PageHeader } from '@/components/page-header';
import { MessagesInbox } from '@/features/messages/components/messages-inbox';

/**
 * /company/messages (issue 11): the company's conversations with contributors and their replies.
 * ?conversation= opens one (the profile dialog's 'Open in Messages', a reply's mail).
 */
export function CompanyMessagesPage() {
  const [searchParams] = useSearchParams();
  return (
    <div className="grid grid-cols-1 gap-6">
      <PageHeader
        title="Messages"
        titleClassName="sm:text-3xl"
        description="Your conversations with contributors. Replies arrive here."
      />
      <MessagesInbox
        side="company"
        headingLevel="h2"
        initialOpenId={searchParams.get(CONVERSATION_PARAM)}
        emptyDescription="Write to a contributor from their profile on the Hire page; your conversations show here."
      />
    </div>
  );
}
