import type { Conversation } from '@openstake/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createElement, type ReactElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';

import { messagesKeys } from '../api/query-keys';
import { conversation, message } from '../test/conversation-data';
import { ContactContributor, NOT_CONTACTABLE_TEXT } from './contact-contributor';
import { ConversationPanel } from './conversation-panel';
import { ConversationThread } from './conversation-thread';
import { MessageComposer } from './message-composer';
import { MessagesInbox } from './messages-inbox';
import { MessagesHeaderLink } from './messages-header-link';

function render(element: ReactElement, seed: (client: QueryClient) => void = () => undefined) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  seed(client);
  return renderToStaticMarkup(
    createElement(QueryClientProvider, { client }, createElement(MemoryRouter, null, element)),
  );
}

/** The opening tag of the first button whose content contains `text`. */
function buttonTag(html: string, text: string): string {
  for (const [, tag, content] of html.matchAll(/(<button[^>]*>)(.*?)<\/button>/g)) {
    if (content!.includes(text)) return tag!;
  }
  throw new Error(`no button with ${text}`);
}

describe('ConversationThread', () => {
  it("tells the viewer's messages from the other side's", () => {
    const html = render(
      createElement(ConversationThread, {
        conversation: conversation({
          messages: [
            message({ id: 'a' }),
            message({ id: 'b', mine: true, text: 'Sure, happy to.' }),
          ],
        }),
      }),
    );
    expect(html).toMatch(/data-testid="message-theirs".*Hello from Acme.*hiring@acme\.example/);
    expect(html).toMatch(/data-testid="message-mine".*Sure, happy to\..*>You</);
    expect(html).toMatch(
      /justify-self-end[^"]*" data-testid="message-mine"|data-testid="message-mine"[^>]*justify-self-end/,
    );
  });

  it('shows text as text, keeping line breaks and never reading HTML or markdown', () => {
    const html = render(
      createElement(ConversationThread, {
        conversation: conversation({
          messages: [
            message({ text: '<img src=x onerror=alert(1)>\n**bold** [link](javascript:x)' }),
          ],
        }),
      }),
    );
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt;\n**bold** [link](javascript:x)');
    expect(html).not.toContain('<img');
    expect(html).not.toContain('<strong>');
    expect(html).not.toContain('href="javascript');
    expect(html).toContain('whitespace-pre-wrap');
  });
});

describe('MessageComposer', () => {
  it('counts out of the limit and offers Send', () => {
    const html = render(
      createElement(MessageComposer, { label: 'Reply', isSending: false, onSend: () => undefined }),
    );
    expect(html).toMatch(/data-testid="message-counter"[^>]*>0\/2000</);
    expect(buttonTag(html, 'Send')).toContain('type="submit"');
    expect(buttonTag(html, 'Send')).not.toContain('disabled=""');
  });

  it("disables Send while sending and shows the server's refusal", () => {
    const html = render(
      createElement(MessageComposer, {
        label: 'Reply',
        isSending: true,
        onSend: () => undefined,
        error: 'This contributor declined your messages',
      }),
    );
    expect(buttonTag(html, 'Sending...')).toContain('disabled=""');
    expect(html).toMatch(/role="alert"[^>]*>This contributor declined your messages</);
  });
});

describe('ConversationPanel', () => {
  const panel = (side: 'company' | 'contributor', value: Conversation) =>
    render(createElement(ConversationPanel, { side, conversation: value }));

  it('offers a reply and, to a contributor, Decline', () => {
    const html = panel('contributor', conversation());
    expect(html).toContain('Reply');
    expect(html).toContain('Decline');
    expect(html).not.toContain('Declined');
  });

  it('lets a company reply but never decline', () => {
    const html = panel('company', conversation({ with: { id: 'u1', name: 'dev-1' } }));
    expect(html).toContain('Reply');
    expect(html).not.toContain('Decline');
  });

  it('shows a declined conversation without a reply box', () => {
    for (const side of ['company', 'contributor'] as const) {
      const html = panel(side, conversation({ status: 'declined' }));
      expect(html).toContain('Declined');
      expect(html).toContain('data-testid="declined-note"');
      expect(html).not.toContain('type="submit"');
      expect(html).not.toMatch(/>Decline</);
    }
  });
});

describe('MessagesInbox', () => {
  const seeded = (list: Conversation[]) => (client: QueryClient) => {
    client.setQueryData(messagesKeys.conversations('contributor'), list);
  };

  it('lists conversations with who, the unread count and a Declined badge', () => {
    const html = render(
      createElement(MessagesInbox, { side: 'contributor', emptyDescription: 'None.' }),
      seeded([
        conversation({ id: 'c1', unread: 2 }),
        conversation({
          id: 'c2',
          status: 'declined',
          with: { id: 'x', name: 'jobs@globex.example' },
        }),
      ]),
    );
    expect(html.match(/data-testid="conversation"/g)).toHaveLength(2);
    expect(html).toMatch(
      /hiring@acme\.example.*data-testid="unread-count">2<span class="sr-only"> unread/,
    );
    expect(html).toMatch(/jobs@globex\.example.*Declined/);
    expect(html).toContain('Choose a conversation to read it.');
  });

  it('shows the open conversation beside the list', () => {
    const html = render(
      createElement(MessagesInbox, {
        side: 'contributor',
        emptyDescription: 'None.',
        initialOpenId: 'c1',
      }),
      seeded([conversation({ id: 'c1' })]),
    );
    expect(html).toContain('aria-current="true"');
    expect(html).toContain('data-testid="message-theirs"');
    expect(html).not.toContain('Choose a conversation to read it.');
  });

  it('says when there are no messages, and shows a loading state before', () => {
    const empty = render(
      createElement(MessagesInbox, {
        side: 'contributor',
        emptyDescription: 'Companies write here.',
      }),
      seeded([]),
    );
    expect(empty).toContain('No messages yet');
    expect(empty).toContain('Companies write here.');
    const loading = render(
      createElement(MessagesInbox, { side: 'contributor', emptyDescription: 'x' }),
    );
    expect(loading).toContain('Loading messages...');
  });
});

describe('ContactContributor', () => {
  it('is disabled, with the reason, for a contributor who does not accept contact', () => {
    const html = render(
      createElement(ContactContributor, {
        contributorId: 'u1',
        contributorName: 'dev-1',
        contactable: false,
      }),
    );
    expect(html).toMatch(
      /<button[^>]*disabled=""[^>]*aria-describedby="([^"]+)"[^>]*>.*?Contact Contributor/,
    );
    const describedBy = /aria-describedby="([^"]+)"/.exec(html)?.[1];
    expect(html).toContain(`id="${describedBy!}"`);
    expect(html).toContain(NOT_CONTACTABLE_TEXT);
  });

  it('opens its form from an enabled button for a contributor who accepts contact', () => {
    const html = render(
      createElement(ContactContributor, {
        contributorId: 'u1',
        contributorName: 'dev-1',
        contactable: true,
      }),
    );
    expect(buttonTag(html, 'Contact Contributor')).toContain('aria-expanded="false"');
    expect(buttonTag(html, 'Contact Contributor')).not.toContain('disabled=""');
    expect(html).not.toContain(NOT_CONTACTABLE_TEXT);
    expect(html).not.toContain('textarea');
  });
});

describe('MessagesHeaderLink', () => {
  it('links to the messages with the unread count, and no badge at 0', () => {
    const link = (unread: number) =>
      render(
        createElement(MessagesHeaderLink, {
          side: 'contributor',
          to: '/contributor/dashboard?tab=messages',
        }),
        (client) => {
          client.setQueryData(messagesKeys.unread('contributor'), unread);
        },
      );
    expect(link(3)).toMatch(
      /href="\/contributor\/dashboard\?tab=messages".*data-testid="unread-count">3</,
    );
    expect(link(0)).not.toContain('unread-count');
    expect(link(120)).toContain('>99+<');
  });
});
