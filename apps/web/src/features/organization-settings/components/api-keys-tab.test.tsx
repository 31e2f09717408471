import type { ApiKey } from '@openstake/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';

import { ApiKeysTab } from './api-keys-tab';
import { organizationSettingsKeys } from '../api/query-keys';

function render(initialOrg: string | null, keys?: ApiKey[]): string {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  if (initialOrg && keys) client.setQueryData(organizationSettingsKeys.apiKeys(initialOrg), keys);
  return renderToStaticMarkup(
    createElement(
      QueryClientProvider,
      { client },
      createElement(
        MemoryRouter,
        { initialEntries: ['/maintainer/org-settings/api-keys'] },
        createElement(ApiKeysTab, { initialOrg, secrets: {}, onGoToGeneral: () => undefined }),
      ),
    ),
  );
}

describe('ApiKeysTab', () => {
  it('asks for an organization when none is remembered', () => {
    const html = render(null);
    expect(html).toContain('GitHub username or organization');
    expect(html).toContain('Show Keys');
    expect(html).not.toContain('Keys for');
  });

  it('prefills the organization and shows a loading state while its keys load', () => {
    const html = render('acme');
    expect(html).toContain('value="acme"');
    expect(html).toContain('Keys for acme');
    expect(html).toContain('Loading API keys...');
  });

  it("shows 'No keys for this org.' with a way to General", () => {
    const html = render('acme', []);
    expect(html).toContain('No keys for this org.');
    expect(html).toContain('Go to General');
  });

  it('lists the keys of the organization', () => {
    const html = render('acme', [
      {
        _id: 'k1',
        name: null,
        maskedKey: 'acme...wxyz',
        createdAt: '2025-03-05T12:00:00.000Z',
        lastUsed: null,
      },
    ]);
    expect(html).toContain('Untitled key');
    expect(html).toContain('acme...wxyz');
    expect(html).not.toContain('No keys for this org.');
  });
});
