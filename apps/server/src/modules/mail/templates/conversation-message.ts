import { conversationPagePath } from '@openstake/core';
import type { AppContext } from '../../../context';
import { appLink, type MailContent } from '../mail-template';

/** How much of a message the mail quotes; the conversation holds the rest. */
const QUOTED_CHARACTERS = 600;

const quoted = (text: string): string =>
  text.length > QUOTED_CHARACTERS ? `${text.slice(0, QUOTED_CHARACTERS).trimEnd()}…` : text;

/**
 * A message in a conversation between a company and a contributor, to the side that did not
 * write it (decision 018): a company's message to a contributor ('company-message'), or a
 * contributor's reply to the company ('message-reply'). Sent for the first message the reader
 * has not read, not for every one. `from` names the writer as the reader's screen does.
 */
export function conversationMessageMail(
  input: {
    to: 'contributor' | 'company';
    from: string;
    conversationId: string;
    text: string;
  },
  ctx: Pick<AppContext, 'publicUrl'>,
): Omit<MailContent, 'notification'> {
  const toContributor = input.to === 'contributor';
  return {
    subject: toContributor
      ? `${input.from} wrote to you on OpenStake`
      : `${input.from} replied to you on OpenStake`,
    blocks: [
      {
        paragraph: toContributor
          ? `${input.from} wrote to you from OpenStake's hire directory:`
          : `${input.from} replied to your message:`,
      },
      { paragraph: quoted(input.text) },
      {
        button: toContributor ? 'Read and reply' : 'Open the conversation',
        url: appLink(ctx, conversationPagePath(input.to, input.conversationId)),
      },
      {
        note: toContributor
          ? 'Reply on OpenStake, not to this mail: your address stays private. Until you read this conversation, further messages in it send no mail. You can decline a conversation, or stop companies from contacting you, in your settings.'
          : 'Reply on OpenStake, not to this mail. Until you read this conversation, further replies in it send no mail.',
      },
    ],
  };
}
