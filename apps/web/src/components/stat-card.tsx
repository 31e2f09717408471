import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';

import { cn } from '@/lib/utils';
import { Card } from './ui/card';

interface StatCardProps {
  label: string;
  value: ReactNode;
  icon: LucideIcon;
  /** Tailwind classes for the icon's tint, e.g. 'text-amber-600 bg-amber-100'. */
  tint?: string;
  testId?: string;
}

/** One figure with its label; the label and value read as a pair (dt / dd). */
export function StatCard({ label, value, icon: Icon, tint, testId }: StatCardProps) {
  return (
    <Card className="gap-0 py-4" data-testid={testId}>
      <dl className="flex min-w-0 items-center gap-3 px-4">
        <span
          aria-hidden="true"
          className={cn(
            'flex size-10 shrink-0 items-center justify-center rounded-lg bg-primary/10 text-primary',
            tint,
          )}
        >
          <Icon className="size-5" />
        </span>
        <div className="grid min-w-0 gap-0.5">
          <dt className="text-xs font-medium break-words text-muted-foreground">{label}</dt>
          <dd className="text-xl font-bold break-words tabular-nums sm:text-2xl">{value}</dd>
        </div>
      </dl>
    </Card>
  );
}
