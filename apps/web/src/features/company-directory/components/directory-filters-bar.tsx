import {
  DIRECTORY_SEARCH_MAX,
  DIRECTORY_SORT_LABELS,
  DIRECTORY_SORTS,
  RANK_NAMES,
  type DirectorySort,
  type DirectoryStatus,
  type RankName,
} from '@openstake/core';
import { useEffect, useId, useRef, useState } from 'react';

import { DebouncedSearchBox, SEARCH_DEBOUNCE_MS } from '@/components/debounced-search-box';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import {
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
} from '@/components/ui/select';
import {
  DIRECTORY_LANGUAGES,
  MERGED_WITHIN_CHOICES,
  MIN_MAINTAINERS_CHOICES,
  type DirectoryFilters,
  parseMinXp,
  type MergedWithinDays,
  type MinMaintainers,
} from '../lib/directory-filters';

const STATUS_LABELS: Readonly<Record<DirectoryStatus, string>> = {
  all: 'All',
  active: 'Active',
  inactive: 'Inactive',
};

/** Radix Select items cannot have an empty value: 'any' stands for "no limit". */
const ANY = 'any';

interface DirectoryFiltersBarProps {
  filters: DirectoryFilters;
  onChange: (change: Partial<DirectoryFilters>) => void;
}

/**
 * Search, rank, status, language, minimum XP, recent merged work, the number of independent
 * maintainers the XP came from (decision 012) and sort.
 */
export function DirectoryFiltersBar({ filters, onChange }: DirectoryFiltersBarProps) {
  const ids = useId();
  return (
    <div
      role="search"
      aria-label="Filter contributors"
      className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4"
    >
      <div className="sm:col-span-2">
        <DebouncedSearchBox
          id={`${ids}-search`}
          label="Search"
          placeholder="Search by username, email or name..."
          maxLength={DIRECTORY_SEARCH_MAX}
          value={filters.q}
          onSearch={(q) => {
            onChange({ q });
          }}
        />
      </div>
      <FilterSelect
        id={`${ids}-rank`}
        name="rank"
        label="Rank"
        value={filters.rank}
        options={[
          ['all', 'All ranks'],
          ...RANK_NAMES.map((rank): [string, string] => [rank, rank]),
        ]}
        onChange={(value) => {
          onChange({ rank: value as RankName | 'all' });
        }}
      />
      <FilterSelect
        id={`${ids}-status`}
        name="status"
        label="Status"
        value={filters.status}
        options={Object.entries(STATUS_LABELS)}
        onChange={(value) => {
          onChange({ status: value as DirectoryStatus });
        }}
      />
      <FilterSelect
        id={`${ids}-language`}
        name="language"
        label="Language"
        value={filters.language}
        options={[
          ['all', 'All languages'],
          ...DIRECTORY_LANGUAGES.map((name): [string, string] => [name, name]),
        ]}
        onChange={(language) => {
          onChange({ language });
        }}
      />
      <MinXpInput
        id={`${ids}-min-xp`}
        value={filters.minXp}
        onCommit={(minXp) => {
          onChange({ minXp });
        }}
      />
      <FilterSelect
        id={`${ids}-merged`}
        name="merged"
        label="Merged work in the last N days"
        value={filters.mergedWithinDays === null ? ANY : String(filters.mergedWithinDays)}
        options={[
          [ANY, 'Any'],
          ...MERGED_WITHIN_CHOICES.map((days): [string, string] => [String(days), `${days} days`]),
        ]}
        onChange={(value) => {
          onChange({
            mergedWithinDays: value === ANY ? null : (Number(value) as MergedWithinDays),
          });
        }}
      />
      <FilterSelect
        id={`${ids}-maintainers`}
        name="maintainers"
        label="XP from independent maintainers"
        value={filters.minMaintainers === null ? ANY : String(filters.minMaintainers)}
        options={[
          [ANY, 'Any'],
          ...MIN_MAINTAINERS_CHOICES.map((n): [string, string] => [String(n), `${n} or more`]),
        ]}
        onChange={(value) => {
          onChange({
            minMaintainers: value === ANY ? null : (Number(value) as MinMaintainers),
          });
        }}
      />
      <FilterSelect
        id={`${ids}-sort`}
        name="sort"
        label="Sort by"
        value={filters.sort}
        options={DIRECTORY_SORTS.map((sort): [string, string] => [
          sort,
          DIRECTORY_SORT_LABELS[sort],
        ])}
        onChange={(value) => {
          onChange({ sort: value as DirectorySort });
        }}
      />
    </div>
  );
}

function FilterSelect({
  id,
  name,
  label,
  value,
  options,
  onChange,
}: {
  id: string;
  /** The filter's URL parameter, for tests: data-testid="{name}-filter". */
  name: string;
  label: string;
  value: string;
  options: [value: string, label: string][];
  onChange: (value: string) => void;
}) {
  return (
    <div className="grid content-start gap-1.5">
      <Label htmlFor={id} className="text-xs text-muted-foreground">
        {label}
      </Label>
      <Select value={value} onValueChange={onChange}>
        <SelectTrigger id={id} data-testid={`${name}-filter`}>
          {/* The chosen label is written out, so it shows before the options first mount. */}
          <SelectValue>{options.find(([optionValue]) => optionValue === value)?.[1]}</SelectValue>
        </SelectTrigger>
        <SelectContent>
          {options.map(([optionValue, optionLabel]) => (
            <SelectItem key={optionValue} value={optionValue}>
              {optionLabel}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
    </div>
  );
}

/** Like the search box, the typed number reaches the URL after a pause; a bad one never does. */
function MinXpInput({
  id,
  value,
  onCommit,
}: {
  id: string;
  value: number | null;
  onCommit: (value: number | null) => void;
}) {
  const shown = value === null ? '' : String(value);
  const [text, setText] = useState(shown);
  const [seen, setSeen] = useState(shown);
  if (seen !== shown) {
    setSeen(shown);
    const typed = parseMinXp(text);
    if (!typed.ok || typed.value !== value) setText(shown);
  }
  const invalid = !parseMinXp(text).ok;

  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  return (
    <div className="grid content-start gap-1.5">
      <Label htmlFor={id} className="text-xs text-muted-foreground">
        Minimum XP
      </Label>
      <Input
        id={id}
        type="number"
        inputMode="numeric"
        min={0}
        step={1}
        placeholder="Any"
        value={text}
        aria-invalid={invalid || undefined}
        aria-describedby={invalid ? `${id}-error` : undefined}
        onChange={(event) => {
          const next = event.target.value;
          setText(next);
          clearTimeout(timer.current);
          timer.current = setTimeout(() => {
            const parsed = parseMinXp(next);
            if (parsed.ok && parsed.value !== value) onCommit(parsed.value);
          }, SEARCH_DEBOUNCE_MS);
        }}
      />
      {invalid && (
        <p id={`${id}-error`} className="text-xs text-destructive">
          Enter a whole number of 0 or more.
        </p>
      )}
    </div>
  );
}
