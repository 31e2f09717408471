import { paginationWindow } from '@openstake/core';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { Link, type To } from 'react-router';

import { buttonVariants } from '@/components/ui/button-variants';
import { cn } from '@/lib/utils';

interface PageButtonsProps {
  currentPage: number;
  totalPages: number;
  /** The link to a page (the same URL with another ?page=). */
  pageHref: (page: number) => To;
}

const disabledLink = 'pointer-events-none opacity-50';

/**
 * Previous, up to five numbered pages from the current one minus two (core
 * paginationWindow) and Next. Pages are links, so each has an address and Back works.
 */
export function PageButtons({ currentPage, totalPages, pageHref }: PageButtonsProps) {
  if (totalPages <= 1) return null;
  const pages = paginationWindow(currentPage, totalPages);
  const atFirst = currentPage <= 1;
  const atLast = currentPage >= totalPages;
  return (
    <nav aria-label="Pagination" className="flex flex-wrap items-center justify-center gap-1">
      <Link
        to={pageHref(Math.max(1, currentPage - 1))}
        aria-disabled={atFirst || undefined}
        tabIndex={atFirst ? -1 : undefined}
        className={cn(buttonVariants({ variant: 'outline', size: 'sm' }), atFirst && disabledLink)}
      >
        <ChevronLeft aria-hidden="true" />
        Previous
      </Link>
      {pages.map((page) => {
        const current = page === currentPage;
        return (
          <Link
            key={page}
            to={pageHref(page)}
            aria-current={current ? 'page' : undefined}
            aria-label={`Page ${String(page)}`}
            className={cn(
              buttonVariants({ variant: current ? 'default' : 'outline', size: 'sm' }),
              'min-w-8',
            )}
          >
            {page}
          </Link>
        );
      })}
      <Link
        to={pageHref(Math.min(totalPages, currentPage + 1))}
        aria-disabled={atLast || undefined}
        tabIndex={atLast ? -1 : undefined}
        className={cn(buttonVariants({ variant: 'outline', size: 'sm' }), atLast && disabledLink)}
      >
        Next
        <ChevronRight aria-hidden="true" />
      </Link>
    </nav>
  );
}
