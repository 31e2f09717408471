import type { DocCategory } from './docs-content';

const words = (text: string): string[] =>
  text
    .toLowerCase()
    .split(/[^\p{L}\p{N}%]+/u)
    .filter(Boolean);

/**
 * The categories whose items match the docs search, each keeping only its matching items;
 * categories left without items are dropped. Every word of the query must start a word of the
 * item's title or type, or of its category's title, ignoring case: 'api tutorial' finds the
 * tutorials of the API Keys category, and 'xp' does not find 'expired'. An empty query keeps
 * everything.
 */
export function filterDocCategories(
  categories: readonly DocCategory[],
  query: string,
): DocCategory[] {
  const wanted = words(query);
  if (wanted.length === 0) return [...categories];
  return categories.flatMap((category) => {
    const items = category.items.filter((item) => {
      const available = words(`${item.title} ${item.type} ${category.title}`);
      return wanted.every((word) => available.some((candidate) => candidate.startsWith(word)));
    });
    return items.length > 0 ? [{ ...category, items }] : [];
  });
}
