import { ArrowLeft } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

import { buttonVariants } from '@/components/ui/button-variants';

/** The row above the own profile pages: back to the dashboard, and the page's own action. */
export function ProfileToolbar({ children }: { children?: ReactNode }) {
  return (
    <div className="flex flex-wrap items-center justify-between gap-2">
      <Link
        to="/contributor/dashboard"
        className={buttonVariants({ variant: 'ghost', className: '-ml-3' })}
      >
        <ArrowLeft aria-hidden="true" />
        Back to Dashboard
      </Link>
      {children}
    </div>
  );
}
