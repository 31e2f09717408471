import type { ComponentProps } from 'react';

import { safeExternalUrl } from '@/lib/safe-url';
import { cn } from '@/lib/utils';

/**
 * A link to another site, opened in a new tab. rel="noopener noreferrer" keeps the new page from
 * reaching back into this one through window.opener. Only http(s) addresses become links.
 */
export function ExternalLink({
  href,
  children,
  className,
  ...props
}: Omit<ComponentProps<'a'>, 'target' | 'rel'>) {
  const safe = safeExternalUrl(href);
  if (safe === undefined) {
    return (
      <span aria-disabled="true" className={cn(className, 'pointer-events-none opacity-50')}>
        {children}
      </span>
    );
  }
  return (
    <a href={safe} target="_blank" rel="noopener noreferrer" className={className} {...props}>
      {children}
    </a>
  );
}
