import { contributorVouchText, type ContributorVouch } from '@openstake/core';
import { ShieldCheck, ShieldX } from 'lucide-react';

import { LoadError } from '@/components/load-error';
import { SectionCard } from '@/components/section-card';
import { Spinner } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/api/api-error';
import { USER_VOUCHES_FALLBACK_MESSAGE, useGithubUserVouches } from '../api/repository-vouches';

export const USER_VOUCHES_TITLE = 'Vouches from maintainers';
export const NO_USER_VOUCHES_TEXT = 'No maintainer has vouched for or denounced them yet.';

/**
 * On a contributor's profile, for maintainers only: "Vouched for in acme/widgets by @maint", one
 * line per repository (decision 015: trust earned in one repository counts in the next).
 */
export function GithubUserVouchesCard({ login }: { login: string }) {
  const vouches = useGithubUserVouches(login);
  return (
    <SectionCard title={USER_VOUCHES_TITLE}>
      {vouches.isPending ? (
        <p className="flex items-center gap-2 text-sm text-muted-foreground" role="status">
          <Spinner /> Loading vouches…
        </p>
      ) : vouches.isError ? (
        <LoadError
          message={errorMessage(vouches.error, USER_VOUCHES_FALLBACK_MESSAGE)}
          isRetrying={vouches.isFetching}
          onRetry={() => void vouches.refetch()}
        />
      ) : (
        <GithubUserVouchList vouches={vouches.data} />
      )}
    </SectionCard>
  );
}

export function GithubUserVouchList({ vouches }: { vouches: ContributorVouch[] }) {
  if (vouches.length === 0) {
    return <p className="text-sm text-muted-foreground">{NO_USER_VOUCHES_TEXT}</p>;
  }
  return (
    <ul className="grid gap-2 text-sm">
      {vouches.map((vouch) => (
        <li key={vouch.repository} className="flex items-start gap-2">
          {vouch.kind === 'vouched' ? (
            <ShieldCheck aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-success" />
          ) : (
            <ShieldX aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-destructive" />
          )}
          <span className="min-w-0 break-words">
            {contributorVouchText(vouch)}
            {vouch.reason && <span className="text-muted-foreground">: {vouch.reason}</span>}
          </span>
        </li>
      ))}
    </ul>
  );
}
