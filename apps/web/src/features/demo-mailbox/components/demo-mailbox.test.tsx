import type { DemoMailbox as DemoMailboxData } from '@openstake/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';

import { demoMailboxKeys } from '../api/query-keys';
import { DemoMailbox } from './demo-mailbox';

const MAILBOX: DemoMailboxData = {
  messages: [
    {
      id: 'm2',
      receivedAt: '2026-11-29T09:00:00.000Z',
      from: '"OpenStake" <no-reply@localhost>',
      to: 'dev@example.com',
      subject: 'Reset your OpenStake password',
      text: 'Choose a new password:\nhttp://localhost:3000/reset-password?token=abc\n\n<img src=x onerror=alert(1)>',
    },
    {
      id: 'm1',
      receivedAt: '2026-11-29T08:00:00.000Z',
      from: '"OpenStake" <no-reply@localhost>',
      to: 'dev@example.com',
      subject: 'Confirm your email address for OpenStake',
      text: 'Confirm',
    },
  ],
};

function render(url: string, data: DemoMailboxData = MAILBOX): string {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  client.setQueryData(demoMailboxKeys.all, data);
  return renderToStaticMarkup(
    createElement(
      QueryClientProvider,
      { client },
      createElement(MemoryRouter, { initialEntries: [url] }, createElement(DemoMailbox)),
    ),
  );
}

describe('DemoMailbox', () => {
  it('lists every message with its subject and recipient, each opening by its id', () => {
    const html = render('/demo/mailbox');
    expect(html).toMatch(/Reset your OpenStake password.*To dev@example\.com/);
    expect(html).toContain('href="/demo/mailbox?message=m2"');
    expect(html).toContain('href="/demo/mailbox?message=m1"');
    expect(html).toContain('Choose a message to read it.');
    expect(html).not.toContain('data-testid="demo-mail-text"');
  });

  it('shows the open message with its links clickable and its text never read as HTML', () => {
    const html = render('/demo/mailbox?message=m2');
    expect(html).toContain('aria-current="true"');
    expect(html).toContain('href="http://localhost:3000/reset-password?token=abc"');
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(html).not.toContain('<img');
  });

  it('says when nothing was sent yet', () => {
    expect(render('/demo/mailbox', { messages: [] })).toContain('No mail yet.');
  });
});
