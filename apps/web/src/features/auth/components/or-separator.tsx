import { Separator } from '@/components/ui/separator';

/** A rule with 'or' in the middle, between two ways of doing the same thing. */
export function OrSeparator() {
  return (
    <div className="my-5 flex items-center gap-3 text-xs text-muted-foreground uppercase">
      <Separator className="flex-1" />
      <span>or</span>
      <Separator className="flex-1" />
    </div>
  );
}
