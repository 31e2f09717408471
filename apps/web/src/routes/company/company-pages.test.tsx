import type { DirectoryPage } from '@openstake/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createElement, type ReactElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter, Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';

import { companyDirectoryKeys } from '@/features/company-directory/api/query-keys';
import { parseDirectoryFilters } from '@/features/company-directory/lib/directory-filters';
import { directoryRow } from '@/features/company-directory/test/directory-data';
import { messagesKeys } from '@/features/messages/api/query-keys';
import { notificationsKeys } from '@/features/notifications/api/query-keys';
import { CompanyDashboardPage } from './company-dashboard-page';
import { CompanyLayout } from './company-layout';
import { CompanyMessagesPage } from './company-messages-page';
import { CompanySettingsPage } from './company-settings-page';
import { UserContext, type UserContextValue } from '@/features/auth/user-context';
import { conversation } from '@/features/messages/test/conversation-data';
import { headingOrderProblems, headingOutline } from '@/test/heading-order';

const company: UserContextValue = {
  user: {
    id: 'co1',
    email: 'hiring@acme.example',
    role: 'company',
    githubUsername: null,
    emailVerified: true,
    createdAt: '2025-01-01T00:00:00.000Z',
  },
  isLoading: false,
  setUser: () => undefined,
  logout: async () => Promise.resolve(),
  isLoggingOut: false,
};

function render(url: string, page: ReactElement, client: QueryClient) {
  return renderToStaticMarkup(
    createElement(
      QueryClientProvider,
      { client },
      createElement(
        UserContext.Provider,
        { value: company },
        createElement(
          MemoryRouter,
          { initialEntries: [url] },
          createElement(
            Routes,
            null,
            createElement(
              Route,
              { path: '/company', element: createElement(CompanyLayout) },
              createElement(Route, { path: 'dashboard', element: page }),
              createElement(Route, { path: 'messages', element: page }),
              createElement(Route, { path: 'settings', element: page }),
            ),
          ),
        ),
      ),
    ),
  );
}

describe('CompanyDashboardPage', () => {
  it("is 'Hire', and lists the contributors for the filters in its URL", () => {
    const search = '?rank=Code+Master&minXp=250&status=nonsense';
    const client = new QueryClient();
    const page: DirectoryPage = {
      data: [directoryRow(7, { rank: 'Code Master', xp: 2100 })],
      stats: { total: 1, active: 1, averageXp: 2100 },
      nextCursor: null,
    };
    client.setQueryData(
      companyDirectoryKeys.list(parseDirectoryFilters(new URLSearchParams(search))),
      {
        pages: [page],
        pageParams: [null],
      },
    );
    const html = render(`/company/dashboard${search}`, createElement(CompanyDashboardPage), client);
    expect(html).toMatch(/<h1[^>]*>Hire<\/h1>/);
    expect(html).toContain('dev-7');
    expect(html).toContain('Showing 1 of 1 contributor');
    expect(html).toMatch(/<input type="number"[^>]*value="250"/);
    expect(headingOrderProblems(headingOutline(html))).toEqual([]);
  });

  it('keeps its headings in order when nothing matches', () => {
    const client = new QueryClient();
    client.setQueryData(companyDirectoryKeys.list(parseDirectoryFilters(new URLSearchParams())), {
      pages: [{ data: [], stats: { total: 0, active: 0, averageXp: 0 }, nextCursor: null }],
      pageParams: [null],
    });
    const html = render('/company/dashboard', createElement(CompanyDashboardPage), client);
    expect(headingOutline(html)).toEqual([
      'h1 Hire',
      'h2 No contributors found matching your criteria.',
    ]);
  });
});

describe('CompanyLayout', () => {
  it('links Hire, Messages with the unread count, and Settings, and marks the page it is on', () => {
    const client = new QueryClient();
    client.setQueryData(messagesKeys.unread('company'), 2);
    client.setQueryData(messagesKeys.conversations('company'), []);
    const html = render('/company/messages', createElement(CompanyMessagesPage), client);
    expect(html).toMatch(/<nav aria-label="Company area"/);
    expect(html).toMatch(/<a aria-current="page"[^>]*href="\/company\/messages"/);
    expect(html).toMatch(/href="\/company\/dashboard"[^>]*>.*?Hire<\/a>/);
    expect(html).toMatch(/href="\/company\/settings"[^>]*>.*?Settings<\/a>/);
    expect(html).toMatch(/data-testid="unread-count">2</);
    expect(html).toMatch(/<h1[^>]*>Messages<\/h1>/);
    expect(html).toContain('No messages yet');
    expect(headingOrderProblems(headingOutline(html))).toEqual([]);
  });
});

describe('CompanyMessagesPage', () => {
  it('opens the conversation ?conversation= names, under the page heading, in heading order', () => {
    const client = new QueryClient();
    client.setQueryData(messagesKeys.conversations('company'), [
      conversation({ id: 'c1', with: { id: 'u1', name: 'dev-1' } }),
    ]);
    const html = render(
      '/company/messages?conversation=c1',
      createElement(CompanyMessagesPage),
      client,
    );
    expect(headingOutline(html)).toEqual(['h1 Messages', 'h2 dev-1']);
    expect(html).toContain('aria-current="true"');
  });
});

describe('CompanySettingsPage', () => {
  it("shows the company's notification switch under the page heading", () => {
    const client = new QueryClient();
    client.setQueryData(messagesKeys.unread('company'), 0);
    client.setQueryData(notificationsKeys.settings, {
      settings: [{ kind: 'message-reply', enabled: true }],
      emailVerified: true,
    });
    const html = render('/company/settings', createElement(CompanySettingsPage), client);
    expect(html).toMatch(/<a aria-current="page"[^>]*href="\/company\/settings"/);
    expect(headingOutline(html)).toEqual(['h1 Settings', 'h2 Email notifications']);
    expect(html).toContain('id="notifications"');
    expect(html).toMatch(
      /role="switch" aria-checked="true"[^>]*data-testid="notification-message-reply"/,
    );
  });
});
