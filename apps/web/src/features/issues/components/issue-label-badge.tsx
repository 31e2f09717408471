import { Badge } from '@/components/ui/badge';
import { labelColors } from '../lib/label-color';

/** A GitHub label in its own colour, with black or white text, whichever reads better. */
export function IssueLabelBadge({ name, color }: { name: string; color: string }) {
  const colors = labelColors(color);
  return (
    <Badge
      variant="outline"
      className="max-w-full truncate"
      style={
        colors
          ? { backgroundColor: colors.background, color: colors.text, borderColor: 'transparent' }
          : undefined
      }
    >
      {name}
    </Badge>
  );
}
