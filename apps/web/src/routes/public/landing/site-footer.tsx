import { BrandMark } from '@/components/brand-logo';
import { FOOTER_COLUMNS, LEGAL_LINKS } from './landing-content';
import { PlaceholderLink } from './placeholder-link';

export function SiteFooter() {
  return (
    <footer className="border-t bg-background">
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-12 sm:px-6 md:grid-cols-[2fr_1fr_1fr_1fr] lg:px-8">
        <div className="grid content-start gap-3">
          <p className="flex items-center gap-2 text-lg font-bold">
            <BrandMark />
            OpenStake
          </p>
          <p className="max-w-xs text-sm text-muted-foreground">
            Better contributions come from developers with skin in the game.
          </p>
        </div>
        {FOOTER_COLUMNS.map((column) => (
          <nav key={column.title} aria-labelledby={`footer-${column.title.toLowerCase()}`}>
            <h2 id={`footer-${column.title.toLowerCase()}`} className="text-sm font-semibold">
              {column.title}
            </h2>
            <ul className="mt-3 grid gap-2 text-sm">
              {column.links.map((link) => (
                <li key={link}>
                  <PlaceholderLink>{link}</PlaceholderLink>
                </li>
              ))}
            </ul>
          </nav>
        ))}
      </div>
      <div className="border-t">
        <div className="mx-auto flex max-w-7xl flex-col gap-3 px-4 py-6 text-sm sm:flex-row sm:items-center sm:justify-between sm:px-6 lg:px-8">
          <p className="text-muted-foreground">© 2025 OpenStake</p>
          <ul className="flex flex-wrap gap-x-6 gap-y-2">
            {LEGAL_LINKS.map((link) => (
              <li key={link}>
                <PlaceholderLink>{link}</PlaceholderLink>
              </li>
            ))}
          </ul>
        </div>
      </div>
    </footer>
  );
}
