import { useId } from 'react';

import { DebouncedSearchBox } from '@/components/debounced-search-box';
import { Label } from '@/components/ui/label';
import {
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
} from '@/components/ui/select';
import {
  DIFFICULTY_FILTER_LABELS,
  DIFFICULTY_FILTERS,
  STATUS_FILTER_LABELS,
  STATUS_FILTERS,
  type BountyIssueFilters,
  type DifficultyFilter,
  type StatusFilter,
} from '../lib/bounty-issue-filters';

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
      <DebouncedSearchBox
        id={`${ids}-search`}
        label="Search"
        placeholder="Search bounty issues..."
        maxLength={200}
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
