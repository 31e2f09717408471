import { ChevronDown, Menu } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';

import { BrandLogo } from '../../../components/brand-logo';
import { Button } from '../../../components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from '../../../components/ui/dropdown-menu';
import { Separator } from '../../../components/ui/separator';
import {
  Sheet,
  SheetContent,
  SheetDescription,
  SheetTitle,
  SheetTrigger,
} from '../../../components/ui/sheet';
import { NAV_LINKS, NAV_MENUS } from './landing-content';
import { PlaceholderLink } from './placeholder-link';

function DesktopNav() {
  return (
    <nav aria-label="Main" className="hidden items-center gap-1 lg:flex">
      {NAV_MENUS.map((menu) => (
        <DropdownMenu key={menu.label} modal={false}>
          <DropdownMenuTrigger asChild>
            <Button variant="ghost" className="gap-1 data-[state=open]:bg-accent">
              {menu.label}
              <ChevronDown aria-hidden="true" className="size-3.5 opacity-70" />
            </Button>
          </DropdownMenuTrigger>
          <DropdownMenuContent align="start">
            {/* Placeholder items: selecting one only closes the menu. */}
            {menu.items.map((item) => (
              <DropdownMenuItem key={item}>{item}</DropdownMenuItem>
            ))}
          </DropdownMenuContent>
        </DropdownMenu>
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
  const close = () => {
    setOpen(false);
  };
  return (
    <Sheet open={open} onOpenChange={setOpen}>
      <SheetTrigger asChild>
        <Button variant="ghost" size="icon" className="lg:hidden" aria-label="Open menu">
          <Menu aria-hidden="true" className="size-5" />
        </Button>
      </SheetTrigger>
      <SheetContent>
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
        </div>
      </SheetContent>
    </Sheet>
  );
}

export function SiteHeader() {
  return (
    <header className="sticky top-0 z-40 border-b bg-background/95 backdrop-blur supports-[backdrop-filter]:bg-background/80">
      <div className="mx-auto flex h-16 max-w-7xl items-center justify-between gap-4 px-4 sm:px-6 lg:px-8">
        <div className="flex items-center gap-6">
          <BrandLogo />
          <DesktopNav />
        </div>
        <div className="flex items-center gap-2">
          <Button variant="ghost" asChild className="hidden sm:inline-flex">
            <Link to="/login">Sign in</Link>
          </Button>
          <Button asChild className="hidden sm:inline-flex">
            <Link to="/login" data-testid="nav-get-started">
              Get Started
            </Link>
          </Button>
          <MobileNav />
        </div>
      </div>
    </header>
  );
}
