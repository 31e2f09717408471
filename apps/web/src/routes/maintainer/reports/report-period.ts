/** 7, 30 or 90 days, 30 by default. */
export const REPORT_PERIODS = ['7', '30', '90'] as const;
export type ReportPeriod = (typeof REPORT_PERIODS)[number];
export const DEFAULT_REPORT_PERIOD: ReportPeriod = '30';

export const periodLabel = (period: ReportPeriod): string => `Last ${period} days`;
export const isReportPeriod = (value: string): value is ReportPeriod =>
  (REPORT_PERIODS as readonly string[]).includes(value);
