/**
 * Geometry of the XP-over-time chart: a step line, because XP changes at a moment (a merge, a
 * settled stake) and stays flat between. Everything is drawn in a 0..100 square (y grows down);
 * the SVG stretches it to its box, and the axis labels are HTML so they stay legible on a phone.
 */

export interface XpHistoryEntry {
  date: string;
  /** Cumulative XP after the change. */
  xp: number;
}

export interface XpChartPoint {
  x: number;
  y: number;
  date: string;
  xp: number;
}

export interface XpChart {
  points: XpChartPoint[];
  /** SVG path of the step line, from the first change to `now`. */
  line: string;
  /** The same outline closed along the bottom, for the fill under the line. */
  area: string;
  /** XP at the top of the chart: a round number above the highest XP. */
  yMax: number;
  /** Where the time axis starts and ends (ISO dates). */
  start: string;
  end: string;
}

/** 1, 2 or 5 times a power of ten, at or above `value` (and at least 10): the top of the y axis. */
export function niceCeiling(value: number): number {
  if (!Number.isFinite(value) || value <= 10) return 10;
  const power = 10 ** Math.floor(Math.log10(value));
  for (const step of [1, 2, 5, 10]) {
    if (step * power >= value) return step * power;
  }
  return 10 * power;
}

const round = (value: number): number => Math.round(value * 100) / 100;

/** The chart for a history (any order), or null when there is nothing to draw. */
export function xpChart(history: readonly XpHistoryEntry[], now: Date): XpChart | null {
  const entries = history
    .map((entry) => ({ ...entry, time: new Date(entry.date).getTime() }))
    .filter((entry) => Number.isFinite(entry.time) && Number.isFinite(entry.xp))
    .sort((a, b) => a.time - b.time);
  const first = entries[0];
  const last = entries[entries.length - 1];
  if (first === undefined || last === undefined) return null;

  const nowTime = Number.isFinite(now.getTime()) ? now.getTime() : last.time;
  const endTime = Math.max(last.time, nowTime);
  const span = endTime - first.time;
  // Headroom above the highest XP keeps the line off the top edge.
  const yMax = niceCeiling(Math.max(...entries.map((entry) => entry.xp)) * 1.1);

  const points = entries.map((entry) => ({
    x: span === 0 ? 0 : round(((entry.time - first.time) * 100) / span),
    y: round(100 - (Math.max(0, entry.xp) * 100) / yMax),
    date: entry.date,
    xp: entry.xp,
  }));

  const [start, ...rest] = points;
  if (start === undefined) return null;
  let line = `M${String(start.x)} ${String(start.y)}`;
  for (const point of rest) line += ` H${String(point.x)} V${String(point.y)}`;
  line += ' H100';

  return {
    points,
    line,
    area: `${line} V100 H${String(start.x)} Z`,
    yMax,
    start: first.date,
    end: new Date(endTime).toISOString(),
  };
}

/** The chart's text alternative: where XP started and where it is now. */
export function xpChartSummary(
  history: readonly XpHistoryEntry[],
  formatDate: (iso: string) => string,
): string {
  const chart = xpChart(history, new Date(Number.NaN));
  const first = chart?.points[0];
  const last = chart?.points[chart.points.length - 1];
  if (!chart || !first || !last) return 'No XP yet';
  if (chart.points.length === 1) return `${String(first.xp)} XP since ${formatDate(first.date)}`;
  return `XP grew from ${String(first.xp)} on ${formatDate(first.date)} to ${String(last.xp)} on ${formatDate(last.date)}, over ${String(chart.points.length)} changes`;
}
