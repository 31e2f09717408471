import type { ReactNode } from 'react';

import { cn } from '@/lib/utils';

interface PageHeaderProps {
  title: ReactNode;
  description?: ReactNode;
  /** Beside the title, e.g. a Premium badge. */
  badge?: ReactNode;
  /** At the header's end (below the title on small screens): a button, a select, figures. */
  actions?: ReactNode;
  /** Added to the title's classes: 'sm:text-3xl' on the static pages, 'break-words' for names. */
  titleClassName?: string;
}

/** A page's h1 and the sentence under it, with optional actions beside them. */
export function PageHeader({
  title,
  description,
  badge,
  actions,
  titleClassName,
}: PageHeaderProps) {
  const heading = (
    <h1 className={cn('text-2xl font-bold tracking-tight', titleClassName)}>{title}</h1>
  );
  const text = (
    <>
      {badge ? (
        <div className="flex flex-wrap items-center gap-3">
          {heading}
          {badge}
        </div>
      ) : (
        heading
      )}
      {description && <p className="text-sm text-muted-foreground">{description}</p>}
    </>
  );

  if (!actions) return <header className="grid gap-1">{text}</header>;
  return (
    <header className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
      <div className="grid gap-1">{text}</div>
      {actions}
    </header>
  );
}
