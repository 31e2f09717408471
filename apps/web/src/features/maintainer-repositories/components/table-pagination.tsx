import { ChevronLeft, ChevronRight, ChevronsLeft, ChevronsRight } from 'lucide-react';
import { useId } from 'react';

import { Button } from '@/components/ui/button';
import {
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
} from '@/components/ui/select';
import { ROWS_PER_PAGE_OPTIONS, isRowsPerPage, type RowsPerPage } from '../lib/repository-table';

interface TablePaginationProps {
  page: number;
  pageCount: number;
  pageButtons: number[];
  rowsPerPage: RowsPerPage;
  onPageChange: (page: number) => void;
  onRowsPerPageChange: (rows: RowsPerPage) => void;
}

/**
 * Rows per page (5, 10, 25, 50) and the pager: first, previous, up to 5 numbered pages starting
 * two before the current one, next, last.
 */
export function TablePagination({
  page,
  pageCount,
  pageButtons,
  rowsPerPage,
  onPageChange,
  onRowsPerPageChange,
}: TablePaginationProps) {
  const ids = useId();
  const last = Math.max(1, pageCount);
  return (
    <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
      <div className="flex items-center gap-2">
        <label htmlFor={`${ids}-rows`} className="text-sm font-medium whitespace-nowrap">
          Rows per page
        </label>
        <Select
          value={String(rowsPerPage)}
          onValueChange={(value) => {
            const rows = Number(value);
            if (isRowsPerPage(rows)) onRowsPerPageChange(rows);
          }}
        >
          <SelectTrigger id={`${ids}-rows`} className="h-8 w-20">
            <SelectValue>{rowsPerPage}</SelectValue>
          </SelectTrigger>
          <SelectContent>
            {ROWS_PER_PAGE_OPTIONS.map((rows) => (
              <SelectItem key={rows} value={String(rows)}>
                {rows}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      </div>
      <nav aria-label="Pagination" className="flex flex-wrap items-center gap-1">
        <span className="mr-2 text-sm text-muted-foreground tabular-nums">
          Page {page} of {last}
        </span>
        <Button
          variant="outline"
          size="icon"
          className="size-8"
          aria-label="Go to first page"
          disabled={page <= 1}
          onClick={() => {
            onPageChange(1);
          }}
        >
          <ChevronsLeft aria-hidden="true" />
        </Button>
        <Button
          variant="outline"
          size="icon"
          className="size-8"
          aria-label="Go to previous page"
          disabled={page <= 1}
          onClick={() => {
            onPageChange(page - 1);
          }}
        >
          <ChevronLeft aria-hidden="true" />
        </Button>
        {pageButtons.map((n) => (
          <Button
            key={n}
            variant={n === page ? 'default' : 'outline'}
            size="icon"
            className="size-8 tabular-nums"
            aria-label={`Page ${String(n)}`}
            aria-current={n === page ? 'page' : undefined}
            onClick={() => {
              onPageChange(n);
            }}
          >
            {n}
          </Button>
        ))}
        <Button
          variant="outline"
          size="icon"
          className="size-8"
          aria-label="Go to next page"
          disabled={page >= last}
          onClick={() => {
            onPageChange(page + 1);
          }}
        >
          <ChevronRight aria-hidden="true" />
        </Button>
        <Button
          variant="outline"
          size="icon"
          className="size-8"
          aria-label="Go to last page"
          disabled={page >= last}
          onClick={() => {
            onPageChange(last);
          }}
        >
          <ChevronsRight aria-hidden="true" />
        </Button>
      </nav>
    </div>
  );
}
