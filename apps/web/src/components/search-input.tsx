import { Search } from 'lucide-react';
import type { ComponentProps } from 'react';

import { cn } from '@/lib/utils';
import { Input } from './ui/input';

type SearchInputProps = Omit<ComponentProps<'input'>, 'type'>;

/** A search box with a magnifier inside; `className` sizes the box, the rest goes to the input. */
export function SearchInput({ className, ...inputProps }: SearchInputProps) {
  return (
    <div className={cn('relative', className)}>
      <Search
        aria-hidden="true"
        className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
      />
      <Input type="search" className="pl-9" {...inputProps} />
    </div>
  );
}
