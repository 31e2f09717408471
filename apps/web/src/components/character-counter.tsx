import { cn } from '@/lib/utils';

/**
 * 'N / limit' beside a text field, announced politely, red once the text is over the limit. The
 * field names it in aria-describedby through `id`.
 */
export function CharacterCounter({
  id,
  testId,
  counter,
}: {
  id: string;
  testId: string;
  counter: { text: string; over: boolean };
}) {
  return (
    <span
      id={id}
      data-testid={testId}
      aria-live="polite"
      className={cn(
        'text-xs tabular-nums',
        counter.over ? 'font-semibold text-destructive' : 'text-muted-foreground',
      )}
    >
      {counter.text}
    </span>
  );
}
