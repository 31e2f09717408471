import type { ReactNode } from 'react';

import { BrandLogo } from './brand-logo';

/**
 * The frame of every page below the landing page: a sticky header with the logo, an optional
 * badge beside it and the header's actions on the right, and the page below.
 */
export function PageFrame({
  badge,
  actions,
  children,
}: {
  badge?: ReactNode;
  actions: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className="flex min-h-svh flex-col bg-muted/30">
      <header className="sticky top-0 z-40 border-b bg-background/95 backdrop-blur supports-[backdrop-filter]:bg-background/80">
        <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-3 px-4 sm:px-6">
          <div className="flex min-w-0 items-center gap-3">
            <BrandLogo />
            {badge}
          </div>
          <div className="flex min-w-0 items-center gap-3">{actions}</div>
        </div>
      </header>
      <main className="mx-auto w-full max-w-6xl flex-1 px-4 py-8 sm:px-6">{children}</main>
    </div>
  );
}
