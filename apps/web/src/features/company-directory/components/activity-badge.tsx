import { Badge } from '@/components/ui/badge';

/** Active means used OpenStake in the last 30 days (core ACTIVE_WITHIN_DAYS). */
export function ActivityBadge({ isActive }: { isActive: boolean }) {
  return (
    <Badge variant={isActive ? 'success' : 'secondary'} data-testid="activity-badge">
      {isActive ? 'Active' : 'Inactive'}
    </Badge>
  );
}
