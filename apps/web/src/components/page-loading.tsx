import { cn } from '@/lib/utils';
import { Spinner } from './ui/spinner';

/** A small, centred loading state that screen readers announce. */
export function PageLoading({
  label = 'Loading...',
  className,
}: {
  label?: string;
  /** Overrides the height (half the screen) for a loading state inside a page section. */
  className?: string;
}) {
  return (
    <div
      role="status"
      aria-live="polite"
      className={cn(
        'flex min-h-[50vh] items-center justify-center gap-2 text-sm text-muted-foreground',
        className,
      )}
    >
      <Spinner />
      <span>{label}</span>
    </div>
  );
}
