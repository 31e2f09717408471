import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';

import { LoadMoreButton } from './load-more-button';

// The attribute, not the button's disabled: styles.
const DISABLED = /<button[^>]* disabled=""/;

const render = (hasNextPage: boolean, isFetchingNextPage: boolean) =>
  renderToStaticMarkup(
    createElement(LoadMoreButton, {
      pages: { hasNextPage, isFetchingNextPage, fetchNextPage: async () => undefined },
    }),
  );

describe('LoadMoreButton', () => {
  it("offers 'Load more' while the server has another page", () => {
    const html = render(true, false);
    expect(html).toContain('Load more');
    expect(html).not.toMatch(DISABLED);
  });

  it('shows the next page loading and cannot be pressed twice meanwhile', () => {
    const html = render(true, true);
    expect(html).toContain('Loading more...');
    expect(html).toMatch(DISABLED);
  });

  it('is gone once every page is shown', () => {
    expect(render(false, false)).toBe('');
  });
});
