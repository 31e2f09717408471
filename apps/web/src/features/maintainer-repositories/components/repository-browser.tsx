import type { MaintainerRepository } from '@openstake/core';
import { Link2, X } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';

import { SearchInput } from '@/components/search-input';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { useConnectRepositories } from '../api/repository-connection';
import { bulkConnectSummary } from '../lib/bulk-connect';
import { DEFAULT_DEDUCTION_PERCENT } from '@openstake/core';
import {
  DEFAULT_ROWS_PER_PAGE,
  connectableSelection,
  filterRepositories,
  keepListed,
  repositoryKey,
  selectPage,
  selectRow,
  tablePage,
  type RowsPerPage,
} from '../lib/repository-table';
import { RepositoriesTable } from './repositories-table';
import { TablePagination } from './table-pagination';

/**
 * Search, the table, selection and pages over the maintainer's repositories. The
 * selection feeds one bulk action, 'Connect selected', at the default deduction percent.
 */
export function RepositoryBrowser({ repositories }: { repositories: MaintainerRepository[] }) {
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const [rowsPerPage, setRowsPerPage] = useState<RowsPerPage>(DEFAULT_ROWS_PER_PAGE);
  const [selection, setSelection] = useState<ReadonlySet<string>>(new Set());
  const connectMany = useConnectRepositories();

  // A repository that left the list (after a refetch) is no longer selected.
  const selected = keepListed(selection, repositories);
  const filtered = filterRepositories(repositories, search);
  const current = tablePage(filtered, page, rowsPerPage);
  const connectable = connectableSelection(repositories, selected);

  const connectSelected = () => {
    connectMany.mutate(
      {
        repositories: connectable.map((r) => ({
          owner: r.owner,
          repo: r.name,
          fullName: r.full_name,
        })),
        deductionPercent: DEFAULT_DEDUCTION_PERCENT,
      },
      {
        onSuccess: (result) => {
          const summary = bulkConnectSummary(result);
          if (summary.kind === 'success') toast.success(summary.title);
          else toast.error(summary.title, { description: summary.description, richColors: true });
          setSelection((prev) => {
            const next = new Set(prev);
            for (const fullName of result.connected) next.delete(fullName);
            return next;
          });
        },
      },
    );
  };

  return (
    <div className="grid grid-cols-1 gap-4">
      <SearchInput
        className="max-w-sm"
        aria-label="Search repositories"
        placeholder="Search repositories..."
        value={search}
        onChange={(event) => {
          setSearch(event.target.value);
          setPage(1);
        }}
      />

      {selected.size > 0 && (
        <div
          className="flex flex-col gap-2 rounded-lg border bg-muted/50 p-3 sm:flex-row sm:items-center sm:justify-between"
          aria-label="Selected repositories"
          role="region"
        >
          <div className="grid gap-0.5 text-sm">
            <p className="font-medium">{selected.size} selected</p>
            <p className="text-xs text-muted-foreground">
              {connectable.length === 0
                ? 'None of the selected repositories can be connected: they are connected already or need push access.'
                : `Connects at the default ${String(DEFAULT_DEDUCTION_PERCENT)}% deduction; change it per repository afterwards.`}
            </p>
          </div>
          <div className="flex flex-wrap gap-2">
            <Button
              size="sm"
              disabled={connectable.length === 0 || connectMany.isPending}
              onClick={connectSelected}
            >
              {connectMany.isPending ? <Spinner /> : <Link2 aria-hidden="true" />}
              Connect selected ({connectable.length})
            </Button>
            <Button
              size="sm"
              variant="ghost"
              disabled={connectMany.isPending}
              onClick={() => {
                setSelection(new Set());
              }}
            >
              <X aria-hidden="true" />
              Clear selection
            </Button>
          </div>
        </div>
      )}

      <RepositoriesTable
        rows={current.rows}
        hasRepositories={repositories.length > 0}
        selected={selected}
        onSelectRow={(key, checked) => {
          setSelection(selectRow(selected, key, checked));
        }}
        onSelectPage={(checked) => {
          setSelection(selectPage(selected, current.rows.map(repositoryKey), checked));
        }}
      />

      <p className="text-sm text-muted-foreground" aria-live="polite">
        {selected.size} of {repositories.length}{' '}
        {repositories.length === 1 ? 'repository' : 'repositories'} selected.
        {current.total > 0 &&
          ` Showing ${String(current.from)}–${String(current.to)} of ${String(current.total)}.`}
      </p>

      <TablePagination
        page={current.page}
        pageCount={current.pageCount}
        pageButtons={current.pageButtons}
        rowsPerPage={rowsPerPage}
        onPageChange={setPage}
        onRowsPerPageChange={(rows) => {
          setRowsPerPage(rows);
          setPage(1);
        }}
      />
    </div>
  );
}
