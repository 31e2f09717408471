import { conversationPagePath } from '@openstake/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter, Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';

import { UserContext, type UserContextValue } from '@/features/auth/user-context';
import { messagesKeys } from '@/features/messages/api/query-keys';
import { conversation, message } from '@/features/messages/test/conversation-data';
import { ContributorDashboardPage } from './contributor-dashboard-page';
import { ContributorLayout } from './contributor-layout';

const contributor: UserContextValue = {
  user: {
    id: 'u1',
    email: 'dev@example.com',
    role: 'contributor',
    githubUsername: 'dev-1',
    emailVerified: true,
    createdAt: '2025-01-01T00:00:00.000Z',
  },
  isLoading: false,
  setUser: () => undefined,
  logout: async () => Promise.resolve(),
  isLoggingOut: false,
};

function render(url: string, seed: (client: QueryClient) => void) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  seed(client);
  return renderToStaticMarkup(
    createElement(
      QueryClientProvider,
      { client },
      createElement(
        UserContext.Provider,
        { value: contributor },
        createElement(
          MemoryRouter,
          { initialEntries: [url] },
          createElement(
            Routes,
            null,
            createElement(
              Route,
              { path: '/contributor', element: createElement(ContributorLayout) },
              createElement(Route, {
                path: 'dashboard',
                element: createElement(ContributorDashboardPage),
              }),
            ),
          ),
        ),
      ),
    ),
  );
}

describe("the contributor's messages", () => {
  it('the header links to the Messages tab with the unread count, and ?tab=messages opens it', () => {
    const html = render('/contributor/dashboard?tab=messages', (client) => {
      client.setQueryData(messagesKeys.unread('contributor'), 4);
      client.setQueryData(messagesKeys.conversations('contributor'), [conversation({ unread: 4 })]);
    });
    const header = /<header[\s\S]*?<\/header>/.exec(html)?.[0] ?? '';
    expect(header).toMatch(
      /href="\/contributor\/dashboard\?tab=messages"[^>]*>.*?Messages.*?data-testid="unread-count">4</,
    );
    expect(html).toMatch(/role="tab"[^>]*aria-selected="true"[^>]*>Messages/);
    expect(html).toMatch(/<h2 id="messages-title"[^>]*>Messages<\/h2>/);
    expect(html).toContain('hiring@acme.example');
  });

  it("opens the conversation a mail's link names, and no other", () => {
    const seed = (client: QueryClient) => {
      client.setQueryData(messagesKeys.conversations('contributor'), [
        conversation({ id: 'c1', with: { id: 'co1', name: 'hiring@acme.example' } }),
        conversation({
          id: 'c2',
          with: { id: 'co2', name: 'jobs@globex.example' },
          messages: [message({ id: 'm2', text: 'Globex would like to talk' })],
        }),
      ]);
    };
    const html = render(conversationPagePath('contributor', 'c2'), seed);
    expect(html).toMatch(/role="tab"[^>]*aria-selected="true"[^>]*>Messages/);
    // The open conversation's heading and thread are Globex's; Acme's stays a closed list item.
    expect(html).toMatch(/<h3[^>]*id="conversation-c2"[^>]*>jobs@globex.example<\/h3>/);
    expect(html).not.toContain('id="conversation-c1"');
    expect(html).toContain('Globex would like to talk');
    expect(html).not.toContain('Choose a conversation to read it.');

    // Without it, none is open.
    const none = render('/contributor/dashboard?tab=messages', seed);
    expect(none).not.toMatch(/id="conversation-c[12]"/);
    expect(none).toContain('Choose a conversation to read it.');
  });
});
