import { dashboardPath } from '@openstake/core';
import type { RefObject } from 'react';
import { Link } from 'react-router';

import { Button } from '@/components/ui/button';
import { Separator } from '@/components/ui/separator';
import { Sheet, SheetContent, SheetDescription, SheetTitle } from '@/components/ui/sheet';
import { NAV_LINKS, NAV_MENUS } from './landing-content';
import { PlaceholderLink } from './placeholder-link';
import { useLandingUser } from './use-landing-user';

/**
 * The small screens' navigation in a side sheet, with Sign in, or for a signed-in visitor the
 * way back to their dashboard. The header loads this module (and the dialog
 * it needs) on the first tap of its menu button, so `/` does not download it up front.
 */
export function MobileMenu({
  open,
  onOpenChange,
  opener,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The header's menu button: focus goes back to it when the sheet closes. */
  opener: RefObject<HTMLButtonElement | null>;
}) {
  const user = useLandingUser();
  const close = () => {
    onOpenChange(false);
  };
  return (
    <Sheet open={open} onOpenChange={onOpenChange}>
      <SheetContent
        onCloseAutoFocus={(event) => {
          event.preventDefault();
          opener.current?.focus();
        }}
      >
        <SheetTitle>Menu</SheetTitle>
        <SheetDescription className="sr-only">Site navigation</SheetDescription>
        <nav aria-label="Mobile" className="grid gap-5">
          {NAV_MENUS.map((menu) => (
            <div key={menu.label} className="grid gap-2">
              <h3 className="text-xs font-semibold tracking-wide text-muted-foreground uppercase">
                {menu.label}
              </h3>
              <ul className="grid gap-1.5">
                {menu.items.map((item) => (
                  <li key={item}>
                    <PlaceholderLink className="text-sm text-foreground">{item}</PlaceholderLink>
                  </li>
                ))}
              </ul>
            </div>
          ))}
          <ul className="grid gap-1.5">
            {NAV_LINKS.map((label) => (
              <li key={label}>
                <PlaceholderLink className="text-sm font-medium text-foreground">
                  {label}
                </PlaceholderLink>
              </li>
            ))}
          </ul>
        </nav>
        <Separator />
        <div className="grid gap-2">
          {user ? (
            <Button asChild>
              <Link to={dashboardPath(user.role)} onClick={close}>
                Go to Dashboard
              </Link>
            </Button>
          ) : (
            <>
              <Button variant="outline" asChild>
                <Link to="/login" onClick={close}>
                  Sign in
                </Link>
              </Button>
              <Button asChild>
                <Link to="/login" onClick={close}>
                  Get Started
                </Link>
              </Button>
            </>
          )}
        </div>
      </SheetContent>
    </Sheet>
  );
}
