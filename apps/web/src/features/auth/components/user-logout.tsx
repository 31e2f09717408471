import { LogOut } from 'lucide-react';

import { Button } from '@/components/ui/button';
import { cn } from '@/lib/utils';
import { useUser } from '../user-context';

interface UserLogoutProps {
  /** When the e-mail shows (it is hidden below that): 'md:inline', 'lg:inline'. */
  emailClassName: string;
  /** When the Logout button shows: 'hidden md:inline-flex' where an account menu takes over. */
  buttonClassName?: string;
  /** Below 640 px the button shows its icon alone (the label stays for screen readers). */
  compact?: boolean;
}

/**
 * The signed-in user's e-mail, in full (a shortened address is someone else's as much as
 * yours), and the Logout button, for a header.
 */
export function UserLogout({ emailClassName, buttonClassName, compact = false }: UserLogoutProps) {
  const { user, logout, isLoggingOut } = useUser();
  return (
    <>
      {user && (
        <span className={cn('hidden text-sm wrap-anywhere text-muted-foreground', emailClassName)}>
          {user.email}
        </span>
      )}
      <Button
        variant="outline"
        size="sm"
        className={buttonClassName}
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
