/** GitHub lists (a repository's open issues and pull requests) come 30 a page. */
export const GITHUB_PER_PAGE = 30;

/** The page after `pages` pages, while the last one was full ('Load more'). */
export const nextPageAfter = (lastPage: readonly unknown[], pages: number): number | undefined =>
  lastPage.length >= GITHUB_PER_PAGE ? pages + 1 : undefined;

/** Drops repeats across pages: a pull request opened while paging shifts the others by one. */
export function uniqueByNumber<T extends { number: number }>(
  pages: readonly (readonly T[])[],
): T[] {
  const seen = new Set<number>();
  const out: T[] = [];
  for (const item of pages.flat()) {
    if (seen.has(item.number)) continue;
    seen.add(item.number);
    out.push(item);
  }
  return out;
}

export const commentsText = (count: number): string =>
  `${String(count)} ${count === 1 ? 'comment' : 'comments'}`;
