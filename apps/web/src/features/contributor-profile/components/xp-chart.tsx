import { formatNumber } from '@openstake/core';
import type { ContributorProfile } from '@openstake/core';
import { LineChart } from 'lucide-react';
import { useState } from 'react';

import { EmptyState } from '@/components/empty-state';
import { formatDate } from '@/lib/format-date';
import { xpChart, xpChartSummary } from '../lib/xp-chart';

/**
 * XP over time as a step line drawn in SVG. The SVG stretches to its box (the line keeps its
 * width through non-scaling strokes) and the axis labels are HTML, so it reads well from a phone
 * to a wide screen. Screen readers get a summary and the data as a table.
 */
export function XpChart({ history }: { history: ContributorProfile['xpHistory'] }) {
  // The line runs up to today; fixed at first render so it does not move while the page is open.
  const [now] = useState(() => new Date());
  const chart = xpChart(history, now);
  if (!chart) {
    return (
      <EmptyState
        icon={LineChart}
        title="No XP yet"
        description="XP from merged pull requests will show here over time."
        className="py-8"
      />
    );
  }
  const summary = xpChartSummary(history, (iso) => formatDate(iso));
  return (
    <figure className="grid gap-2" data-testid="xp-chart">
      <div className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-2">
        <div
          aria-hidden="true"
          className="flex h-48 flex-col justify-between text-right text-xs text-muted-foreground tabular-nums"
        >
          <span className="-translate-y-1/2">{formatNumber(chart.yMax)}</span>
          <span>{formatNumber(chart.yMax / 2)}</span>
          <span className="translate-y-1/2">0</span>
        </div>
        <svg
          viewBox="0 0 100 100"
          preserveAspectRatio="none"
          role="img"
          aria-label={summary}
          className="h-48 w-full overflow-visible"
        >
          {[0, 50, 100].map((y) => (
            <line
              key={y}
              x1="0"
              x2="100"
              y1={y}
              y2={y}
              className="stroke-border"
              strokeWidth="1"
              vectorEffect="non-scaling-stroke"
            />
          ))}
          <path d={chart.area} className="fill-primary/10" />
          <path
            d={chart.line}
            fill="none"
            className="stroke-primary"
            strokeWidth="2"
            strokeLinejoin="round"
            vectorEffect="non-scaling-stroke"
          />
        </svg>
        <span />
        <div
          aria-hidden="true"
          className="mt-1 flex justify-between gap-2 text-xs text-muted-foreground"
        >
          <span>{formatDate(chart.start)}</span>
          <span>{formatDate(chart.end)}</span>
        </div>
      </div>
      <figcaption className="text-xs text-muted-foreground">{summary}</figcaption>
      <table className="sr-only">
        <caption>XP history</caption>
        <thead>
          <tr>
            <th scope="col">Date</th>
            <th scope="col">XP</th>
          </tr>
        </thead>
        <tbody>
          {chart.points.map((point, index) => (
            <tr key={`${point.date}-${String(index)}`}>
              <td>{formatDate(point.date)}</td>
              <td>{point.xp}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}
