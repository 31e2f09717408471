import { Spinner } from './ui/spinner';

/** A small, centred loading state that screen readers announce. */
export function PageLoading({ label = 'Loading...' }: { label?: string }) {
  return (
    <div
      role="status"
      aria-live="polite"
      className="flex min-h-[50vh] items-center justify-center gap-2 text-sm text-muted-foreground"
    >
      <Spinner />
      <span>{label}</span>
    </div>
  );
}
