/** The first letters of up to two words: 'Ada Lovelace' -> 'AL', 'octo-dev' -> 'O', '' -> '?'. */
export function initialsOf(name: string): string {
  const letters = name
    .trim()
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((word) => Array.from(word)[0]?.toUpperCase() ?? '');
  return letters.join('') || '?';
}
