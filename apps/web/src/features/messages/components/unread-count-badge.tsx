import { Badge } from '@/components/ui/badge';
import { useUnreadCount } from '../api/conversations';
import type { MessagesSide } from '../lib/messages-side';

/** '3 unread' beside a Messages link, asked every minute; nothing while there is none. */
export function UnreadCountBadge({ side }: { side: MessagesSide }) {
  const unread = useUnreadCount(side).data ?? 0;
  return <UnreadCount count={unread} />;
}

export function UnreadCount({ count }: { count: number }) {
  if (count <= 0) return null;
  return (
    <Badge className="min-w-5 px-1.5 tabular-nums" data-testid="unread-count">
      {count > 99 ? '99+' : count}
      <span className="sr-only"> unread</span>
    </Badge>
  );
}
