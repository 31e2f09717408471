import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';

import { type AppConfig } from '../api/app-config';
import { DemoBanner } from './demo-banner';
import { appConfigKeys } from '../api/query-keys';

function render(config?: AppConfig): string {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  if (config) client.setQueryData(appConfigKeys.all, config);
  return renderToString(createElement(QueryClientProvider, { client }, createElement(DemoBanner)));
}

describe('DemoBanner', () => {
  it('says "Demo mode" when the server runs the GitHub simulator', () => {
    const html = render({ demoMode: true, githubWebUrl: 'https://github.com' });
    expect(html).toContain('Demo mode');
    expect(html).toContain('role="status"');
    expect(html).toContain('No real GitHub data is used.');
    expect(html).toContain('href="/demo/mailbox"');
    expect(html).toContain('Demo mailbox');
  });

  it('shows nothing outside demo mode or before the configuration is known', () => {
    expect(render({ demoMode: false, githubWebUrl: 'https://github.com' })).toBe('');
    expect(render()).toBe('');
  });
});
