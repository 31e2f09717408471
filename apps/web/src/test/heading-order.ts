/**
 * The headings of rendered HTML in document order, e.g. `h1 Title`. Markup only: headings a
 * component renders later (a dialog, a loaded section) are not in it.
 */
export function headingOutline(html: string): string[] {
  return [...html.matchAll(/<h([1-6])\b[^>]*>(.*?)<\/h\1>/gs)].map(
    ([, level, inner]) => `h${level!} ${inner!.replace(/<[^>]+>/g, '').trim()}`,
  );
}

/**
 * Where an outline breaks the order screen-reader users navigate by: it must start with one
 * h1 and never go down more than one level at a time (h2 to h4 skips h3). Empty when in order.
 */
export function headingOrderProblems(outline: string[]): string[] {
  const problems: string[] = [];
  let previous = 0;
  for (const heading of outline) {
    const level = Number(heading[1]);
    if (previous === 0 && level !== 1) problems.push(`starts with ${heading}, not an h1`);
    else if (level > previous + 1) problems.push(`h${String(previous)} then ${heading}`);
    if (level === 1 && previous !== 0) problems.push(`a second h1: ${heading}`);
    previous = level;
  }
  return problems;
}
