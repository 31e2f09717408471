import { describe, expect, it } from 'vitest';

import { DOC_CATEGORIES } from './docs-content';
import { filterDocCategories } from './docs-search';

const titles = (query: string) =>
  filterDocCategories(DOC_CATEGORIES, query).flatMap((c) => c.items.map((i) => i.title));

describe('docs search', () => {
  it('has six categories', () => {
    expect(DOC_CATEGORIES).toHaveLength(6);
  });

  it('keeps everything for an empty or blank query', () => {
    expect(filterDocCategories(DOC_CATEGORIES, '')).toEqual(DOC_CATEGORIES);
    expect(filterDocCategories(DOC_CATEGORIES, '   ')).toEqual(DOC_CATEGORIES);
  });

  it('filters items by title, ignoring case, and drops empty categories', () => {
    const result = filterDocCategories(DOC_CATEGORIES, 'WEBHOOKS');
    expect(result.map((c) => c.title)).toEqual(['Automation & Integrations']);
    expect(result[0]?.items.map((i) => i.title)).toEqual([
      'Webhooks and automatic stake settlement',
    ]);
  });

  it("matches a category's title for all its items", () => {
    const result = filterDocCategories(DOC_CATEGORIES, 'getting started');
    expect(result.map((c) => c.title)).toEqual(['Getting Started']);
    expect(result[0]?.items).toHaveLength(4);
  });

  it('needs every word, which may come from the type', () => {
    expect(titles('manage tutorial')).toEqual(['Create and manage API keys']);
    expect(titles('api tutorial')).toEqual([
      'Generate context from your repositories',
      'Create and manage API keys',
    ]);
    expect(titles('xp reference')).toEqual([
      'How XP and coins are calculated',
      'Ranks and XP thresholds',
    ]);
  });

  it('finds nothing for an unknown word', () => {
    expect(filterDocCategories(DOC_CATEGORIES, 'kubernetes')).toEqual([]);
  });

  it('does not change the categories it was given', () => {
    const before = JSON.stringify(DOC_CATEGORIES);
    filterDocCategories(DOC_CATEGORIES, 'stake');
    expect(JSON.stringify(DOC_CATEGORIES)).toBe(before);
  });
});
