import {
  Clock,
  Download,
  FileBarChart,
  GitMerge,
  Lock,
  Users,
  type LucideIcon,
  CirclePlus,
} from 'lucide-react';
import { useState } from 'react';

import { PageHeader } from '@/components/page-header';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Label } from '@/components/ui/label';
import {
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
} from '@/components/ui/select';
import { SampleDataNotice } from '@/features/maintainer-shell/components/sample-data-notice';
import { formatDate } from '@/lib/format-date';
import {
  DEFAULT_REPORT_PERIOD,
  isReportPeriod,
  periodLabel,
  REPORT_PERIODS,
  type ReportPeriod,
} from './reports/report-period';

interface SampleMetric {
  label: string;
  value: string;
  change: string;
  icon: LucideIcon;
}

const SAMPLE_METRICS: readonly SampleMetric[] = [
  { label: 'Pull Requests Merged', value: '86', change: '+12% vs previous period', icon: GitMerge },
  {
    label: 'Bounty Issues Created',
    value: '24',
    change: '+4 vs previous period',
    icon: CirclePlus,
  },
  { label: 'Active Contributors', value: '37', change: '+9% vs previous period', icon: Users },
  {
    label: 'Average Time to Merge',
    value: '2.4 days',
    change: '-0.6 days vs previous period',
    icon: Clock,
  },
];

interface SampleReport {
  title: string;
  description: string;
  generated: string;
  format: 'PDF' | 'CSV';
}

const SAMPLE_REPORTS: readonly SampleReport[] = [
  {
    title: 'Contributor Activity',
    description: 'Pull requests, reviews and XP earned per contributor.',
    generated: '2025-06-01',
    format: 'PDF',
  },
  {
    title: 'Bounty Payout Summary',
    description: 'Bounties funded, paid and open, with platform fees.',
    generated: '2025-06-01',
    format: 'CSV',
  },
  {
    title: 'Review Turnaround',
    description: 'Time from pull request to first review and to merge.',
    generated: '2025-05-01',
    format: 'PDF',
  },
  {
    title: 'Stake Outcomes',
    description: 'Accepted, rejected and expired stakes per repository.',
    generated: '2025-05-01',
    format: 'CSV',
  },
];

/**
 * /maintainer/reports: sample figures, everything disabled as a premium feature.
 * The period select keeps its value so the page reads as it will once reports exist.
 */
export function ReportsPage() {
  const [period, setPeriod] = useState<ReportPeriod>(DEFAULT_REPORT_PERIOD);

  return (
    <div className="grid gap-6">
      <PageHeader
        title="Reports"
        titleClassName="sm:text-3xl"
        badge={
          <Badge variant="warning" data-testid="premium-badge">
            <Lock aria-hidden="true" />
            Premium
          </Badge>
        }
        description="Insights into your repositories, bounties and contributors."
        actions={
          <div className="grid gap-2 sm:w-48">
            <Label htmlFor="report-period">Period</Label>
            <Select
              value={period}
              onValueChange={(value) => {
                if (isReportPeriod(value)) setPeriod(value);
              }}
              disabled
            >
              <SelectTrigger id="report-period">
                <SelectValue>{periodLabel(period)}</SelectValue>
              </SelectTrigger>
              <SelectContent>
                {REPORT_PERIODS.map((days) => (
                  <SelectItem key={days} value={days}>
                    {periodLabel(days)}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          </div>
        }
      />

      <Card
        className="gap-3 border-warning/40 bg-warning/5"
        role="note"
        aria-labelledby="premium-title"
      >
        <CardHeader>
          <CardTitle id="premium-title" className="flex items-center gap-2 text-base">
            <Lock aria-hidden="true" className="size-4" />
            Reports are a premium feature
          </CardTitle>
          <CardDescription>
            Reports are not available on any plan yet, so everything on this page is disabled.
          </CardDescription>
        </CardHeader>
        <CardContent>
          <Button size="sm" disabled>
            <Lock aria-hidden="true" />
            Premium Feature
          </Button>
        </CardContent>
      </Card>

      <SampleDataNotice>
        The figures and reports below are examples of what reports will show, not your data.
      </SampleDataNotice>

      <section aria-labelledby="report-metrics-heading" className="grid gap-4">
        <h2 id="report-metrics-heading" className="sr-only">
          Metrics for the {periodLabel(period).toLowerCase()}
        </h2>
        <div
          className="grid grid-cols-1 gap-4 opacity-60 sm:grid-cols-2 xl:grid-cols-4"
          aria-disabled="true"
        >
          {SAMPLE_METRICS.map((metric) => {
            const Icon = metric.icon;
            return (
              <Card key={metric.label} className="gap-2 py-4">
                <CardContent className="grid gap-1 px-4">
                  <span className="flex items-center gap-2 text-xs font-medium text-muted-foreground">
                    <Icon aria-hidden="true" className="size-4" />
                    {metric.label}
                  </span>
                  <span className="text-2xl font-bold tabular-nums">{metric.value}</span>
                  <span className="text-xs text-muted-foreground">{metric.change}</span>
                </CardContent>
              </Card>
            );
          })}
        </div>
      </section>

      <Card>
        <CardHeader>
          <CardTitle>Reports</CardTitle>
          <CardDescription>Generated reports for download.</CardDescription>
        </CardHeader>
        <CardContent>
          <ul className="grid gap-3">
            {SAMPLE_REPORTS.map((report) => (
              <li
                key={report.title}
                className="flex flex-col gap-3 rounded-lg border p-3 sm:flex-row sm:items-center sm:justify-between"
              >
                <div className="flex min-w-0 items-start gap-3">
                  <FileBarChart
                    aria-hidden="true"
                    className="mt-0.5 size-5 shrink-0 text-primary"
                  />
                  <div className="grid min-w-0 gap-0.5">
                    <span className="font-medium">{report.title}</span>
                    <span className="text-sm text-muted-foreground">{report.description}</span>
                    <span className="text-xs text-muted-foreground">
                      Generated {formatDate(report.generated, 'UTC')} · {report.format}
                    </span>
                  </div>
                </div>
                <Button
                  variant="outline"
                  size="sm"
                  disabled
                  aria-label={`Download ${report.title} (premium feature)`}
                >
                  <Download aria-hidden="true" />
                  Download
                </Button>
              </li>
            ))}
          </ul>
        </CardContent>
      </Card>
    </div>
  );
}
