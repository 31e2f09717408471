import { LogOut, UserRound } from 'lucide-react';

import { Button } from '@/components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { useUser } from '../user-context';

/**
 * A header's account button where the header has no room for the e-mail beside Logout (a
 * phone): its menu shows who is signed in, the e-mail in full, and Logout.
 */
export function AccountMenu({ className }: { className?: string }) {
  const { user, logout, isLoggingOut } = useUser();
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button variant="outline" size="sm" className={className} aria-label="Account">
          <UserRound aria-hidden="true" />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="max-w-[calc(100vw-2rem)]">
        {user && (
          <>
            <DropdownMenuLabel className="grid gap-0.5 font-normal">
              Signed in as
              <span className="text-sm font-medium break-all text-foreground">{user.email}</span>
            </DropdownMenuLabel>
            <DropdownMenuSeparator />
          </>
        )}
        <DropdownMenuItem
          disabled={isLoggingOut}
          onSelect={() => {
            void logout();
          }}
        >
          <LogOut aria-hidden="true" />
          Logout
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
