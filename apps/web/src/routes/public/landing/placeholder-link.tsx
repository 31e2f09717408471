import type { ReactNode } from 'react';

import { cn } from '@/lib/utils';

/**
 * A link whose page does not exist yet ("placeholders with no target"). An <a>
 * without href is HTML's placeholder link: it is not focusable and goes nowhere.
 */
export function PlaceholderLink({
  children,
  className,
}: {
  children: ReactNode;
  className?: string;
}) {
  return <a className={cn('cursor-default text-muted-foreground', className)}>{children}</a>;
}
