import { conversationPagePath, type Conversation } from '@openstake/core';
import { Mail } from 'lucide-react';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { toast } from 'sonner';

import { Button } from '@/components/ui/button';
import { errorMessage } from '@/lib/api/api-error';
import { useContactContributor } from '../api/conversations';
import { DECLINED_TEXT } from '../lib/message-text';
import { ConversationThread } from './conversation-thread';
import { MessageComposer } from './message-composer';

export const MESSAGE_SENT = 'Message sent';
export const CONTACT_FALLBACK_MESSAGE = 'Failed to send message';
export const NOT_CONTACTABLE_TEXT = 'This contributor does not accept messages from companies.';

interface ContactContributorProps {
  contributorId: string;
  contributorName: string;
  /** The profile's `contactable`: whether the contributor accepts messages from companies. */
  contactable: boolean;
}

/**
 * 'Contact Contributor' in the profile dialog: the button opens a message form; once sent, the
 * conversation shows where the form was, and more can be written. Disabled, with the reason, for
 * a contributor who does not accept contact. The server's refusals (declined, the daily limit)
 * show as a toast and under the form. Meant for a wrapping row: the form takes a line of its own
 * after the row's other buttons.
 */
export function ContactContributor({
  contributorId,
  contributorName,
  contactable,
}: ContactContributorProps) {
  const ids = useId();
  const [open, setOpen] = useState(false);
  const [conversation, setConversation] = useState<Conversation | null>(null);
  const contact = useContactContributor(contributorId);

  if (!contactable) {
    return (
      <>
        <Button disabled aria-describedby={`${ids}-why`}>
          <Mail aria-hidden="true" />
          Contact Contributor
        </Button>
        <p id={`${ids}-why`} className="order-last basis-full text-sm text-muted-foreground">
          {NOT_CONTACTABLE_TEXT}
        </p>
      </>
    );
  }

  return (
    <>
      <Button
        aria-expanded={open}
        aria-controls={`${ids}-form`}
        onClick={() => {
          setOpen((value) => !value);
        }}
      >
        <Mail aria-hidden="true" />
        Contact Contributor
      </Button>
      {open && (
        <div
          id={`${ids}-form`}
          className="order-last grid basis-full gap-4 rounded-lg border bg-muted/30 p-4"
        >
          {conversation && (
            <>
              <ConversationThread conversation={conversation} />
              <Link
                to={conversationPagePath('company', conversation.id)}
                className="w-fit text-sm font-medium text-primary underline-offset-4 hover:underline"
              >
                Open in Messages
              </Link>
            </>
          )}
          {conversation?.status === 'declined' ? (
            <p className="text-sm text-muted-foreground">{DECLINED_TEXT.company}</p>
          ) : (
            <MessageComposer
              label={`Message to ${contributorName}`}
              placeholder="Introduce your company and the role you have in mind..."
              isSending={contact.isPending}
              error={contact.error ? errorMessage(contact.error, CONTACT_FALLBACK_MESSAGE) : null}
              onSend={(text, sent) => {
                contact.mutate(text, {
                  onSuccess: (next) => {
                    sent();
                    setConversation(next);
                    toast.success(MESSAGE_SENT);
                  },
                  onError: (error) => {
                    toast.error(errorMessage(error, CONTACT_FALLBACK_MESSAGE), {
                      richColors: true,
                    });
                  },
                });
              }}
            />
          )}
        </div>
      )}
    </>
  );
}
