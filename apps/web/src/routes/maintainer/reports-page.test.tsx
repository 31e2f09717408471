import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';

import { ReportsPage } from './reports-page';
import { DEFAULT_REPORT_PERIOD, isReportPeriod, REPORT_PERIODS } from './reports/report-period';

describe('ReportsPage', () => {
  const html = renderToStaticMarkup(<ReportsPage />);

  it('offers 7, 30 and 90 days, 30 by default', () => {
    expect(REPORT_PERIODS).toEqual(['7', '30', '90']);
    expect(DEFAULT_REPORT_PERIOD).toBe('30');
    expect(isReportPeriod('90')).toBe(true);
    expect(isReportPeriod('365')).toBe(false);
    expect(html).toContain('Last 30 days');
  });

  it('shows a visible Premium lock and disables everything', () => {
    expect(html).toContain('data-testid="premium-badge"');
    expect(html).toContain('Premium');
    expect(html).toContain('Reports are a premium feature');
    expect(html).toMatch(/<button[^>]*disabled=""[^>]*id="report-period"/);
    const enabledButtons = [...html.matchAll(/<button[^>]*>/g)].filter(
      (m) => !m[0].includes('disabled=""'),
    );
    expect(enabledButtons).toEqual([]);
  });

  it('marks its metrics and report list as sample data', () => {
    expect(html).toContain('Sample data');
    expect(html).toContain('Pull Requests Merged');
    expect(html).toContain('Bounty Payout Summary');
    expect(html).toContain('Download');
  });
});
