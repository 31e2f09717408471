import { languageColor, type RepositoryAnalysis } from '@openstake/core';

import { cn } from '@/lib/utils';

type Language = RepositoryAnalysis['languages'][number];

interface LanguageListProps {
  languages: readonly Language[];
  /** Show how many repositories use each language (the settings tab does; the sidebar does not). */
  showRepositories?: boolean;
  className?: string;
}

/** Languages with their colour and share of the code, as percentage bars. */
export function LanguageList({
  languages,
  showRepositories = false,
  className,
}: LanguageListProps) {
  return (
    <ul className={cn('grid gap-4', className)} aria-label="Languages">
      {languages.map((language) => {
        const color = languageColor(language.name);
        const percentage = Math.min(100, Math.max(0, language.percentage));
        return (
          <li key={language.name} className="grid gap-1.5" data-testid="language-row">
            <div className="flex items-center justify-between gap-3 text-sm">
              <span className="flex min-w-0 items-center gap-2 font-medium">
                <span
                  aria-hidden="true"
                  className="size-3 shrink-0 rounded-full"
                  style={{ backgroundColor: color }}
                />
                <span className="truncate">{language.name}</span>
              </span>
              <span className="shrink-0 text-muted-foreground tabular-nums">
                {percentage}%
                {showRepositories && (
                  <>
                    {' · '}
                    {language.repositories}{' '}
                    {language.repositories === 1 ? 'repository' : 'repositories'}
                  </>
                )}
              </span>
            </div>
            <div aria-hidden="true" className="h-2 overflow-hidden rounded-full bg-muted">
              <div
                className="h-full rounded-full"
                style={{ width: `${String(percentage)}%`, backgroundColor: color }}
              />
            </div>
          </li>
        );
      })}
    </ul>
  );
}
