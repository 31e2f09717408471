/** One measured line of the bench table. */
export interface BenchRow {
  bench: string;
  case: string;
  /** The figures, named with their unit (e.g. `p99 ms`, `req/s`, `% of baseline`). */
  figures: Record<string, number | string>;
  /** The goal this row is measured against, in words. */
  goal: string;
}

/** A bench script's default export. */
export type Bench = () => Promise<BenchRow[]>;

const cell = (figures: BenchRow['figures']) =>
  Object.entries(figures)
    .map(([name, value]) => `${name} ${String(value)}`)
    .join(', ');

/** The rows as one aligned text table. */
export function formatTable(rows: BenchRow[]): string {
  const lines = [
    ['bench', 'case', 'figures', 'goal'],
    ...rows.map((r) => [r.bench, r.case, cell(r.figures), r.goal]),
  ];
  const widths = lines[0]!.map((_, i) => Math.max(...lines.map((l) => l[i]!.length)));
  return lines
    .map((l) =>
      l
        .map((c, i) => c.padEnd(widths[i]!))
        .join(' | ')
        .trimEnd(),
    )
    .join('\n');
}
