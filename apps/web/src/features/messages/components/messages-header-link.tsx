import { Mail } from 'lucide-react';
import { Link } from 'react-router';

import { buttonVariants } from '@/components/ui/button-variants';
import type { MessagesSide } from '../lib/messages-side';
import { UnreadCountBadge } from './unread-count-badge';

/** The header's way to the messages, with the unread count; the word shows from 640 px. */
export function MessagesHeaderLink({ side, to }: { side: MessagesSide; to: string }) {
  return (
    <Link to={to} className={buttonVariants({ variant: 'ghost', size: 'sm' })}>
      <Mail aria-hidden="true" />
      <span className="sr-only sm:not-sr-only">Messages</span>
      <UnreadCountBadge side={side} />
    </Link>
  );
}
