import { Badge } from '../../../components/ui/badge';

/** Spec 001 s2.3: 'Some pages show a Hedera badge': where a Hedera wallet or HBAR is shown. */
export function HederaBadge({ className }: { className?: string }) {
  return (
    <Badge variant="secondary" className={className} data-testid="hedera-badge">
      Hedera
    </Badge>
  );
}
