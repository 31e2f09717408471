/** GitHub linguist colours (lib/linguist/languages.yml) for the languages the profile shows. */
export const LANGUAGE_COLORS: Readonly<Record<string, string>> = {
  JavaScript: '#f1e05a',
  TypeScript: '#3178c6',
  Python: '#3572A5',
  Java: '#b07219',
  Go: '#00ADD8',
  Rust: '#dea584',
  'C++': '#f34b7d',
  PHP: '#4F5D95',
  Ruby: '#701516',
  Swift: '#F05138',
};

/** Slate gray for every language outside the table. */
export const DEFAULT_LANGUAGE_COLOR = '#708090';

// GitHub spells names canonically, but profile data typed by hand may not ('typescript').
const COLORS_BY_LOWER_NAME = new Map(
  Object.entries(LANGUAGE_COLORS).map(([name, color]) => [name.toLowerCase(), color]),
);

export function languageColor(name: string): string {
  return COLORS_BY_LOWER_NAME.get(name.trim().toLowerCase()) ?? DEFAULT_LANGUAGE_COLOR;
}

export interface LanguageShare {
  name: string;
  /** Bytes of code across all the given repositories. */
  bytes: number;
  /** Whole percent of all bytes; the shares add up to exactly 100. */
  percentage: number;
  /** How many of the given repositories contain this language. */
  repositories: number;
  color: string;
}

/**
 * Aggregates GitHub `/repos/{owner}/{repo}/languages` answers (language name -> bytes) for several
 * repositories into one list, largest first.
 *
 * Percentages are whole numbers that add up to exactly 100 (largest-remainder method): rounding
 * each share on its own can show 99 % or 101 % in total, which reads as a bug on a bar chart.
 * Languages with 0 bytes everywhere are left out; no data at all gives an empty list.
 */
export function languageShares(
  bytesByLanguage: readonly Record<string, number>[],
): LanguageShare[] {
  const totals = new Map<string, { bytes: number; repositories: number }>();
  for (const repository of bytesByLanguage) {
    for (const [name, bytes] of Object.entries(repository)) {
      if (!Number.isSafeInteger(bytes) || bytes < 0) {
        throw new RangeError(`Byte count for ${name} must be a non-negative integer, got ${bytes}`);
      }
      if (bytes === 0) continue;
      const entry = totals.get(name) ?? { bytes: 0, repositories: 0 };
      entry.bytes += bytes;
      entry.repositories += 1;
      totals.set(name, entry);
    }
  }

  // Ties on bytes are broken by name so the order (and who gets a leftover percent) is stable.
  const sorted = [...totals.entries()]
    .map(([name, t]) => ({ name, ...t }))
    .sort((a, b) => b.bytes - a.bytes || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));

  const percentages = largestRemainderPercentages(sorted.map((s) => s.bytes));
  return sorted.map((s, i) => ({
    name: s.name,
    bytes: s.bytes,
    percentage: percentages[i] ?? 0,
    repositories: s.repositories,
    color: languageColor(s.name),
  }));
}

/**
 * Whole percents of `parts` that sum to 100: each takes the floor of its exact share, and the
 * points still missing go one each to the largest remainders (earlier index first on a tie).
 * BigInt keeps `bytes x 100` exact however large a monorepo's byte counts get.
 */
function largestRemainderPercentages(parts: readonly number[]): number[] {
  const total = parts.reduce((sum, p) => sum + BigInt(p), 0n);
  if (total === 0n) return parts.map(() => 0);
  const shares = parts.map((p, index) => {
    const scaled = BigInt(p) * 100n;
    return { index, floor: Number(scaled / total), remainder: scaled % total };
  });
  let missing = 100 - shares.reduce((sum, s) => sum + s.floor, 0);
  const byRemainder = [...shares].sort((a, b) =>
    a.remainder === b.remainder ? a.index - b.index : a.remainder > b.remainder ? -1 : 1,
  );
  const result = shares.map((s) => s.floor);
  for (const share of byRemainder) {
    if (missing <= 0) break;
    result[share.index] = share.floor + 1;
    missing -= 1;
  }
  return result;
}
