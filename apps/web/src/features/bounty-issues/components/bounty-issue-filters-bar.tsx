import { useEffect, useId, useRef, useState } from 'react';

import { SearchInput } from '../../../components/search-input';
import { Label } from '../../../components/ui/label';
import {
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
} from '../../../components/ui/select';
import {
  DIFFICULTY_FILTER_LABELS,
  DIFFICULTY_FILTERS,
  STATUS_FILTER_LABELS,
  STATUS_FILTERS,
  type BountyIssueFilters,
  type DifficultyFilter,
  type StatusFilter,
} from '../lib/bounty-issue-filters';

/** How long typing pauses before the search is sent. */
export const SEARCH_DEBOUNCE_MS = 300;

interface BountyIssueFiltersBarProps {
  filters: BountyIssueFilters;
  onChange: (change: Partial<Omit<BountyIssueFilters, 'page'>>) => void;
}

export function BountyIssueFiltersBar({ filters, onChange }: BountyIssueFiltersBarProps) {
  const ids = useId();
  return (
    <div
      role="search"
      aria-label="Filter bounty issues"
      className="grid gap-3 sm:grid-cols-[minmax(0,1fr)_11rem_11rem]"
    >
      <SearchBox
        id={`${ids}-search`}
        value={filters.search}
        onSearch={(search) => {
          onChange({ search });
        }}
      />
      <div className="grid gap-1.5">
        <Label htmlFor={`${ids}-status`} className="text-xs text-muted-foreground">
          Status
        </Label>
        <Select
          value={filters.status}
          onValueChange={(value) => {
            onChange({ status: value as StatusFilter });
          }}
        >
          <SelectTrigger id={`${ids}-status`}>
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            {STATUS_FILTERS.map((status) => (
              <SelectItem key={status} value={status}>
                {STATUS_FILTER_LABELS[status]}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor={`${ids}-difficulty`} className="text-xs text-muted-foreground">
          Difficulty
        </Label>
        <Select
          value={filters.difficulty}
          onValueChange={(value) => {
            onChange({ difficulty: value as DifficultyFilter });
          }}
        >
          <SelectTrigger id={`${ids}-difficulty`}>
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            {DIFFICULTY_FILTERS.map((difficulty) => (
              <SelectItem key={difficulty} value={difficulty}>
                {DIFFICULTY_FILTER_LABELS[difficulty]}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      </div>
    </div>
  );
}

/**
 * The search text is the input's own while typing and reaches the URL after a pause. A search
 * the URL changes by itself (Back, Clear filters) replaces the typed text.
 */
function SearchBox({
  id,
  value,
  onSearch,
}: {
  id: string;
  value: string;
  onSearch: (search: string) => void;
}) {
  const [text, setText] = useState(value);
  const [seen, setSeen] = useState(value);
  if (seen !== value) {
    setSeen(value);
    if (text.trim() !== value) setText(value);
  }

  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  return (
    <div className="grid gap-1.5">
      <Label htmlFor={id} className="text-xs text-muted-foreground">
        Search
      </Label>
      <SearchInput
        id={id}
        placeholder="Search bounty issues..."
        value={text}
        maxLength={200}
        onChange={(event) => {
          const next = event.target.value;
          setText(next);
          clearTimeout(timer.current);
          timer.current = setTimeout(() => {
            if (next.trim() !== value) onSearch(next);
          }, SEARCH_DEBOUNCE_MS);
        }}
      />
    </div>
  );
}
