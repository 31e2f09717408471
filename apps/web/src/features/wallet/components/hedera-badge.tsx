import { Badge } from '@/components/ui/badge';

/** The Hedera badge, shown where a Hedera wallet or HBAR is shown. */
export function HederaBadge({ className }: { className?: string }) {
  return (
    <Badge variant="secondary" className={className} data-testid="hedera-badge">
      Hedera
    </Badge>
  );
}
