import { describe, expect, it } from 'vitest';

import { niceCeiling, xpChart, xpChartSummary } from './xp-chart';

const now = new Date('2025-03-11T00:00:00.000Z');

describe('niceCeiling', () => {
  it('rounds up to 1, 2 or 5 times a power of ten', () => {
    expect(niceCeiling(0)).toBe(10);
    expect(niceCeiling(7)).toBe(10);
    expect(niceCeiling(11)).toBe(20);
    expect(niceCeiling(150)).toBe(200);
    expect(niceCeiling(200)).toBe(200);
    expect(niceCeiling(201)).toBe(500);
    expect(niceCeiling(501)).toBe(1000);
    expect(niceCeiling(5000)).toBe(5000);
  });
});

describe('xpChart', () => {
  it('has nothing to draw without history', () => {
    expect(xpChart([], now)).toBeNull();
    expect(xpChart([{ date: 'not a date', xp: 5 }], now)).toBeNull();
  });

  it('draws one change as a flat line up to now', () => {
    const chart = xpChart([{ date: '2025-03-01T00:00:00.000Z', xp: 50 }], now);
    expect(chart).toMatchObject({
      points: [{ x: 0, y: 50, xp: 50 }],
      line: 'M0 50 H100',
      yMax: 100,
      start: '2025-03-01T00:00:00.000Z',
      end: '2025-03-11T00:00:00.000Z',
    });
  });

  it('steps: flat until a change, then up, placed by time', () => {
    const chart = xpChart(
      [
        { date: '2025-03-01T00:00:00.000Z', xp: 20 },
        { date: '2025-03-06T00:00:00.000Z', xp: 80 },
      ],
      now,
    );
    // 10 days in all; the second change is half-way; y axis tops at 100.
    expect(chart?.points.map(({ x, y }) => [x, y])).toEqual([
      [0, 80],
      [50, 20],
    ]);
    expect(chart?.line).toBe('M0 80 H50 V20 H100');
    expect(chart?.area).toBe('M0 80 H50 V20 H100 V100 H0 Z');
  });

  it('sorts the history and ends at the last change when it is after now', () => {
    const chart = xpChart(
      [
        { date: '2025-03-21T00:00:00.000Z', xp: 300 },
        { date: '2025-03-01T00:00:00.000Z', xp: 100 },
      ],
      now,
    );
    expect(chart?.points.map((p) => p.xp)).toEqual([100, 300]);
    expect(chart?.end).toBe('2025-03-21T00:00:00.000Z');
    expect(chart?.yMax).toBe(500);
    expect(chart?.line).toBe('M0 80 H100 V40 H100');
  });

  it('stacks changes made at the same moment', () => {
    const chart = xpChart(
      [
        { date: '2025-03-01T00:00:00.000Z', xp: 10 },
        { date: '2025-03-01T00:00:00.000Z', xp: 20 },
      ],
      new Date('2025-03-01T00:00:00.000Z'),
    );
    expect(chart?.line).toBe('M0 80 H0 V60 H100');
  });
});

describe('xpChartSummary', () => {
  const format = (iso: string) => iso.slice(0, 10);
  it('describes the chart in words', () => {
    expect(xpChartSummary([], format)).toBe('No XP yet');
    expect(xpChartSummary([{ date: '2025-03-01T00:00:00.000Z', xp: 50 }], format)).toBe(
      '50 XP since 2025-03-01',
    );
    expect(
      xpChartSummary(
        [
          { date: '2025-03-01T00:00:00.000Z', xp: 20 },
          { date: '2025-03-06T00:00:00.000Z', xp: 80 },
        ],
        format,
      ),
    ).toBe('XP grew from 20 on 2025-03-01 to 80 on 2025-03-06, over 2 changes');
  });
});
