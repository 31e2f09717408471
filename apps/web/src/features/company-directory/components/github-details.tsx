import { formatNumber } from '@openstake/core';
import { CloudOff, ExternalLink as ExternalLinkIcon } from 'lucide-react';

import { ExternalLink } from '@/components/external-link';
import { Spinner } from '@/components/ui/spinner';
import { RepositoryLanguage } from '@/features/issues/components/repository-language';
import { StarCount } from '@/features/issues/components/star-count';
import type { GithubView } from '../lib/directory-display';

export const GITHUB_UNAVAILABLE_TITLE = 'GitHub details are unavailable right now';

/** How many of the contributor's repositories the dialog lists. */
const REPOSITORIES_SHOWN = 6;

/** The dialog's GitHub part: followers, repositories, or why GitHub could not be read. */
export function GithubDetails({ view }: { view: GithubView }) {
  if (view.state === 'loading') {
    return (
      <p role="status" className="flex items-center gap-2 text-sm text-muted-foreground">
        <Spinner />
        Loading GitHub details...
      </p>
    );
  }
  if (view.state === 'unavailable') {
    return (
      <div
        role="status"
        className="flex items-start gap-3 rounded-lg border border-dashed px-4 py-3 text-sm"
        data-testid="github-unavailable"
      >
        <CloudOff aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-muted-foreground" />
        <div className="grid gap-0.5">
          <p className="font-medium">{GITHUB_UNAVAILABLE_TITLE}</p>
          <p className="wrap-anywhere text-muted-foreground">{view.reason}</p>
        </div>
      </div>
    );
  }

  const { profile, repositories } = view.github;
  const shown = repositories.slice(0, REPOSITORIES_SHOWN);
  return (
    <div className="grid gap-3">
      <dl className="grid grid-cols-2 gap-3">
        <Figure label="Followers" value={profile.followers} />
        <Figure label="Public repositories on GitHub" value={profile.publicRepos} />
      </dl>
      {shown.length > 0 ? (
        <ul className="grid gap-2" aria-label="GitHub repositories">
          {shown.map((repository) => (
            <li key={repository.fullName} className="grid gap-1 rounded-lg border px-3 py-2">
              <ExternalLink
                href={repository.htmlUrl}
                className="inline-flex w-fit items-center gap-1 text-sm font-medium wrap-anywhere text-primary underline-offset-4 hover:underline"
              >
                {repository.fullName}
                <ExternalLinkIcon aria-hidden="true" className="size-3.5 shrink-0" />
              </ExternalLink>
              {repository.description && (
                <p className="text-sm break-words text-muted-foreground">
                  {repository.description}
                </p>
              )}
              <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-muted-foreground">
                {repository.language && <RepositoryLanguage language={repository.language} />}
                <StarCount count={repository.stargazersCount} />
              </p>
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-sm text-muted-foreground">No public repositories on GitHub.</p>
      )}
    </div>
  );
}

function Figure({ label, value }: { label: string; value: number }) {
  return (
    <div className="grid min-w-0 gap-0.5 rounded-lg bg-muted px-3 py-2">
      <dt className="text-xs break-words text-muted-foreground">{label}</dt>
      <dd className="text-lg font-bold tabular-nums">{formatNumber(value)}</dd>
    </div>
  );
}
