import type { ReactNode } from 'react';

import { BrandLogo } from '@/components/brand-logo';

/** Centred layout for the login and sign-up screens. */
export function AuthPageShell({ children }: { children: ReactNode }) {
  return (
    <div className="flex min-h-svh flex-col bg-muted/40">
      <header className="px-4 py-5 sm:px-6">
        <BrandLogo />
      </header>
      <main className="flex flex-1 items-start justify-center px-4 pb-12 sm:items-center sm:px-6">
        <div className="w-full max-w-lg">{children}</div>
      </main>
    </div>
  );
}
