import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_LANGUAGE_COLOR,
  LANGUAGE_COLORS,
  languageColor,
  languageShares,
} from './languages';

describe('languageColor', () => {
  it('uses the linguist colours for the ten mapped languages', () => {
    expect(Object.keys(LANGUAGE_COLORS)).toHaveLength(10);
    expect(languageColor('TypeScript')).toBe('#3178c6');
    expect(languageColor('JavaScript')).toBe('#f1e05a');
    expect(languageColor('C++')).toBe('#f34b7d');
    expect(languageColor('Swift')).toBe('#F05138');
    expect(new Set(Object.values(LANGUAGE_COLORS)).size).toBe(10);
  });

  it('ignores case and surrounding spaces', () => {
    expect(languageColor('typescript')).toBe('#3178c6');
    expect(languageColor(' PYTHON ')).toBe('#3572A5');
  });

  it('falls back to slate gray', () => {
    expect(DEFAULT_LANGUAGE_COLOR).toBe('#708090');
    expect(languageColor('Haskell')).toBe('#708090');
    expect(languageColor('')).toBe('#708090');
    expect(languageColor('C')).toBe('#708090');
  });
});

describe('languageShares', () => {
  it('aggregates several repositories', () => {
    expect(
      languageShares([
        { TypeScript: 6000, CSS: 1000 },
        { TypeScript: 2000, Python: 1000 },
        { Go: 0 },
      ]),
    ).toEqual([
      { name: 'TypeScript', bytes: 8000, percentage: 80, repositories: 2, color: '#3178c6' },
      { name: 'CSS', bytes: 1000, percentage: 10, repositories: 1, color: '#708090' },
      { name: 'Python', bytes: 1000, percentage: 10, repositories: 1, color: '#3572A5' },
    ]);
  });

  it('hands leftover points to the largest remainders', () => {
    // exact shares 33.33..., 33.33..., 33.33... -> floors 33+33+33 = 99; the tie goes to the
    // first by bytes-then-name order
    expect(
      languageShares([{ Go: 1, Rust: 1, Java: 1 }]).map((s) => [s.name, s.percentage]),
    ).toEqual([
      ['Go', 34],
      ['Java', 33],
      ['Rust', 33],
    ]);
    // 2/3 = 66.67 and 1/3 = 33.33: 66 + 33 = 99, and the larger remainder (.67) gets the point
    expect(languageShares([{ Ruby: 2, PHP: 1 }]).map((s) => s.percentage)).toEqual([67, 33]);
    // 98.5 % and 1.5 %: floors 98 + 1, one point missing, remainders tie, first in order wins
    expect(languageShares([{ Java: 197, Go: 3 }]).map((s) => s.percentage)).toEqual([99, 1]);
    // a language far below 1 % still shows 0, not a made-up 1
    expect(languageShares([{ Java: 1_000_000, Go: 1 }]).map((s) => s.percentage)).toEqual([100, 0]);
  });

  it('gives an empty list without data', () => {
    expect(languageShares([])).toEqual([]);
    expect(languageShares([{}, { Go: 0 }])).toEqual([]);
  });

  it('refuses negative or fractional byte counts', () => {
    expect(() => languageShares([{ Go: -1 }])).toThrow(RangeError);
    expect(() => languageShares([{ Go: 1.5 }])).toThrow(RangeError);
  });

  const reposArb = fc.array(
    fc.dictionary(
      fc.constantFrom('TypeScript', 'Python', 'Go', 'Rust', 'Shell', 'CSS', 'HTML', 'C++'),
      fc.nat({ max: 10_000_000 }),
    ),
    { maxLength: 8 },
  );

  it('percentages are 0..100 integers that sum to 100 when there is data', () => {
    fc.assert(
      fc.property(reposArb, (repos) => {
        const shares = languageShares(repos);
        const total = shares.reduce((sum, s) => sum + s.percentage, 0);
        expect(total).toBe(shares.length === 0 ? 0 : 100);
        for (const s of shares) {
          expect(Number.isInteger(s.percentage)).toBe(true);
          expect(s.percentage).toBeGreaterThanOrEqual(0);
          expect(s.percentage).toBeLessThanOrEqual(100);
          // within one point of the exact share
          expect(Math.abs(s.percentage - (s.bytes * 100) / sumBytes(shares))).toBeLessThan(1);
        }
      }),
    );
  });

  it('is ordered by bytes, and percentages follow that order', () => {
    fc.assert(
      fc.property(reposArb, (repos) => {
        const shares = languageShares(repos);
        for (let i = 1; i < shares.length; i++) {
          expect(shares[i - 1]!.bytes).toBeGreaterThanOrEqual(shares[i]!.bytes);
          expect(shares[i - 1]!.percentage).toBeGreaterThanOrEqual(shares[i]!.percentage);
        }
      }),
    );
  });

  it('keeps every byte and counts each repository that uses a language', () => {
    fc.assert(
      fc.property(reposArb, (repos) => {
        const shares = languageShares(repos);
        const input = repos.flatMap((r) => Object.values(r)).reduce((a, b) => a + b, 0);
        expect(sumBytes(shares)).toBe(input);
        for (const s of shares) {
          expect(s.repositories).toBe(repos.filter((r) => (r[s.name] ?? 0) > 0).length);
          expect(s.color).toBe(languageColor(s.name));
        }
      }),
    );
  });
});

function sumBytes(shares: readonly { bytes: number }[]): number {
  return shares.reduce((sum, s) => sum + s.bytes, 0);
}
