import type { ApiKey } from '@openstake/core';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';

import { ApiKeyList } from './api-key-list';

const key = (overrides: Partial<ApiKey>): ApiKey => ({
  _id: 'k1',
  name: 'GitHub Actions',
  maskedKey: 'acme...wxyz',
  createdAt: '2025-03-05T12:00:00.000Z',
  lastUsed: null,
  ...overrides,
});

const render = (
  keys: ApiKey[],
  options: { secrets?: Record<string, string>; revealed?: string[]; deletingId?: string } = {},
) =>
  renderToStaticMarkup(
    createElement(ApiKeyList, {
      keys,
      secrets: options.secrets ?? {},
      revealedIds: new Set(options.revealed ?? []),
      onToggleReveal: () => undefined,
      onDelete: () => undefined,
      deletingId: options.deletingId ?? null,
    }),
  );

describe('ApiKeyList', () => {
  it('shows the name, the masked key, the created date and Never for an unused key', () => {
    const html = render([key({})]);
    expect(html).toContain('aria-label="API keys"');
    expect(html).toContain('GitHub Actions');
    expect(html).toContain('acme...wxyz');
    expect(html).toContain('Mar 5, 2025');
    expect(html).toContain('Last used:');
    expect(html).toContain('Never');
  });

  it("falls back to 'Untitled key' and shows when a key was last used", () => {
    const html = render([key({ name: null, lastUsed: '2025-04-10T12:00:00.000Z' })]);
    expect(html).toContain('Untitled key');
    expect(html).toContain('Apr 10, 2025');
    expect(html).not.toContain('Never');
  });

  it('offers no reveal for a key whose full value is not in memory, only an honest note', () => {
    const html = render([key({})]);
    expect(html).toContain('The full key was shown only once, at creation.');
    expect(html).not.toContain('aria-pressed');
  });

  it('toggles a key created in this session between masked and revealed', () => {
    const secrets = { k1: 'acme0123456789abwxyz' };
    const masked = render([key({})], { secrets });
    expect(masked).toContain('aria-pressed="false"');
    expect(masked).toContain('Show');
    expect(masked).not.toContain('acme0123456789abwxyz');

    const revealed = render([key({})], { secrets, revealed: ['k1'] });
    expect(revealed).toContain('aria-pressed="true"');
    expect(revealed).toContain('Hide');
    expect(revealed).toContain('acme0123456789abwxyz');
  });

  it('has a working Delete button per key, named after the key, disabled while one deletes', () => {
    const html = render([key({}), key({ _id: 'k2', name: 'Staging' })]);
    expect(html).toContain('Delete<span class="sr-only"> key GitHub Actions</span>');
    expect(html).toContain('Delete<span class="sr-only"> key Staging</span>');
    expect(html).not.toContain('disabled=""');

    const deleting = render([key({}), key({ _id: 'k2', name: 'Staging' })], { deletingId: 'k1' });
    expect(deleting.match(/ disabled=""/g)).toHaveLength(2);
  });
});
