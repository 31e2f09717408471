import { LogOut } from 'lucide-react';

import { Button } from '../../../components/ui/button';
import { cn } from '../../../lib/utils';
import { useUser } from '../user-context';

interface UserLogoutProps {
  /** When the e-mail shows (it is hidden below that): 'md:inline', 'lg:inline max-w-48'. */
  emailClassName: string;
  /** Below 640 px the button shows its icon alone (the label stays for screen readers). */
  compact?: boolean;
}

/** The signed-in user's e-mail and the Logout button, for an area's header. */
export function UserLogout({ emailClassName, compact = false }: UserLogoutProps) {
  const { user, logout, isLoggingOut } = useUser();
  return (
    <>
      {user && (
        <span
          className={cn('hidden truncate text-sm text-muted-foreground', emailClassName)}
          title={user.email}
        >
          {user.email}
        </span>
      )}
      <Button
        variant="outline"
        size="sm"
        disabled={isLoggingOut}
        onClick={() => {
          void logout();
        }}
      >
        <LogOut aria-hidden="true" />
        {compact ? <span className="sr-only sm:not-sr-only">Logout</span> : 'Logout'}
      </Button>
    </>
  );
}
