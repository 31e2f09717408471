import { useEffect, useRef, useState } from 'react';

import { SearchInput } from './search-input';
import { Label } from './ui/label';

/** How long typing pauses before a search is sent. */
export const SEARCH_DEBOUNCE_MS = 300;

interface DebouncedSearchBoxProps {
  id: string;
  label: string;
  placeholder: string;
  /** The search in effect (the URL's): the box shows it until the user types. */
  value: string;
  maxLength: number;
  /** Called with the typed text after a pause, when it differs (trimmed) from `value`. */
  onSearch: (search: string) => void;
}

/**
 * A labelled search box whose text is its own while typing and reaches `onSearch` after a pause.
 * A search that changes by itself (Back, Clear filters) replaces the typed text.
 */
export function DebouncedSearchBox({
  id,
  label,
  placeholder,
  value,
  maxLength,
  onSearch,
}: DebouncedSearchBoxProps) {
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
        {label}
      </Label>
      <SearchInput
        id={id}
        placeholder={placeholder}
        value={text}
        maxLength={maxLength}
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
