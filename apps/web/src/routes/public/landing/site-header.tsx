import { dashboardPath } from '@openstake/core';
import { ChevronDown, Menu } from 'lucide-react';
import { lazy, Suspense, useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router';

import { BrandLogo } from '@/components/brand-logo';
import { Button } from '@/components/ui/button';
import { NAV_LINKS, NAV_MENUS, type NavMenu } from './landing-content';
import { PlaceholderLink } from './placeholder-link';
import { useLandingUser } from './use-landing-user';

const loadMobileMenu = () => import('./mobile-menu');
const MobileMenu = lazy(async () => ({ default: (await loadMobileMenu()).MobileMenu }));

/**
 * One entry of the site navigation: a button that shows or hides its list of links (the
 * disclosure pattern for site navigation, not an application menu). Escape, a click elsewhere
 * or moving focus away closes it.
 */
function NavDisclosure({
  menu,
  open,
  onOpenChange,
}: {
  menu: NavMenu;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const listId = useId();
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (!open) return;
    const closeOnOutsidePress = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) onOpenChange(false);
    };
    document.addEventListener('pointerdown', closeOnOutsidePress);
    return () => document.removeEventListener('pointerdown', closeOnOutsidePress);
  }, [open, onOpenChange]);
  return (
    <div
      ref={root}
      className="relative"
      onKeyDown={(event) => {
        if (event.key !== 'Escape' || !open) return;
        onOpenChange(false);
        button.current?.focus();
      }}
      onBlur={(event) => {
        if (open && !root.current?.contains(event.relatedTarget as Node | null)) {
          onOpenChange(false);
        }
      }}
    >
      <Button
        ref={button}
        variant="ghost"
        className="gap-1 aria-expanded:bg-accent"
        aria-expanded={open}
        aria-controls={listId}
        onClick={() => onOpenChange(!open)}
      >
        {menu.label}
        <ChevronDown aria-hidden="true" className="size-3.5 opacity-70" />
      </Button>
      <ul
        id={listId}
        hidden={!open}
        className="absolute top-full left-0 z-50 mt-1.5 grid min-w-[12rem] animate-fade-in rounded-md border bg-popover p-1 text-popover-foreground shadow-md"
      >
        {/* Placeholder links: these pages do not exist yet. */}
        {menu.items.map((item) => (
          <li key={item}>
            <PlaceholderLink className="block rounded-sm px-2 py-1.5 text-sm text-popover-foreground">
              {item}
            </PlaceholderLink>
          </li>
        ))}
      </ul>
    </div>
  );
}

function DesktopNav() {
  const [openMenu, setOpenMenu] = useState<string | null>(null);
  return (
    <nav aria-label="Main" className="hidden items-center gap-1 lg:flex">
      {NAV_MENUS.map((menu) => (
        <NavDisclosure
          key={menu.label}
          menu={menu}
          open={openMenu === menu.label}
          onOpenChange={(open) =>
            setOpenMenu((current) => (open ? menu.label : current === menu.label ? null : current))
          }
        />
      ))}
      {NAV_LINKS.map((label) => (
        <Button key={label} variant="ghost" type="button">
          {label}
        </Button>
      ))}
    </nav>
  );
}

function MobileNav() {
  const [open, setOpen] = useState(false);
  // The sheet's code is fetched on the first press (or as the pointer or focus reaches the
  // button), then kept mounted so it can animate open and closed.
  const [wanted, setWanted] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const preload = () => void loadMobileMenu();
  return (
    <>
      <Button
        ref={button}
        variant="ghost"
        size="icon"
        className="lg:hidden"
        aria-label="Open menu"
        aria-haspopup="dialog"
        aria-expanded={open}
        onPointerEnter={preload}
        onFocus={preload}
        onClick={() => {
          setWanted(true);
          setOpen(true);
        }}
      >
        <Menu aria-hidden="true" className="size-5" />
      </Button>
      {wanted && (
        <Suspense fallback={null}>
          <MobileMenu open={open} onOpenChange={setOpen} opener={button} />
        </Suspense>
      )}
    </>
  );
}

/** The site's header: a signed-in visitor gets the way back to their dashboard, anyone else Sign in. */
export function SiteHeader() {
  const user = useLandingUser();
  return (
    <header className="sticky top-0 z-40 border-b bg-background/95 backdrop-blur supports-[backdrop-filter]:bg-background/80">
      <div className="mx-auto flex h-16 max-w-7xl items-center justify-between gap-4 px-4 sm:px-6 lg:px-8">
        <div className="flex items-center gap-6">
          <BrandLogo />
          <DesktopNav />
        </div>
        <div className="flex items-center gap-2">
          {user ? (
            <Button asChild className="hidden sm:inline-flex">
              <Link to={dashboardPath(user.role)}>Go to Dashboard</Link>
            </Button>
          ) : (
            <>
              <Button variant="ghost" asChild className="hidden sm:inline-flex">
                <Link to="/login">Sign in</Link>
              </Button>
              <Button asChild className="hidden sm:inline-flex">
                <Link to="/login" data-testid="nav-get-started">
                  Get Started
                </Link>
              </Button>
            </>
          )}
          <MobileNav />
        </div>
      </div>
    </header>
  );
}
