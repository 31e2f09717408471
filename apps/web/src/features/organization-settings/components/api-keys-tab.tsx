import type { ApiKey } from '@openstake/core';
import { KeyRound } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';

import { EmptyState } from '@/components/empty-state';
import { PageLoading } from '@/components/page-loading';
import { QueryError } from '@/components/query-error';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { errorMessage } from '@/lib/api/api-error';
import { GithubRequiredNotice } from '@/features/github/components/github-required-notice';
import { isGithubAuthRequired } from '@/features/github/lib/github-auth-error';
import {
  API_KEY_DELETED_MESSAGE,
  API_KEYS_FALLBACK_MESSAGE,
  DELETE_API_KEY_FALLBACK_MESSAGE,
  useApiKeys,
  useDeleteApiKey,
} from '../api/api-keys';
import { toggleRevealed } from '../lib/api-key-display';
import { checkOrganization } from '../lib/general-flow';
import { rememberLastOrg } from '../lib/last-org';
import { ApiKeyList } from './api-key-list';
import { OrganizationForm } from './organization-form';

export const NO_KEYS_MESSAGE = 'No keys for this org.';

interface ApiKeysTabProps {
  /** The organization to open with: the one in General, else the last one used. */
  initialOrg: string | null;
  /** Full keys created while the page is open, by id. */
  secrets: Readonly<Record<string, string>>;
  /** Keys are created in General, after a context is saved. */
  onGoToGeneral: () => void;
}

/** The API Keys tab: an organization's keys, with show/hide and Delete. */
export function ApiKeysTab({ initialOrg, secrets, onGoToGeneral }: ApiKeysTabProps) {
  const [orgInput, setOrgInput] = useState(initialOrg ?? '');
  const [inputError, setInputError] = useState<string | null>(null);
  const [org, setOrg] = useState<string | null>(initialOrg);
  const [revealedIds, setRevealedIds] = useState<ReadonlySet<string>>(() => new Set());
  const keys = useApiKeys(org);
  const deletion = useDeleteApiKey();

  const load = () => {
    const check = checkOrganization(orgInput);
    if (!check.ok) {
      setInputError(check.message);
      return;
    }
    rememberLastOrg(check.org);
    setRevealedIds(new Set());
    if (check.org === org) void keys.refetch();
    else setOrg(check.org);
  };

  const remove = (key: ApiKey) => {
    if (org === null) return;
    deletion.mutate(
      { org, id: key._id },
      {
        onSuccess: () => {
          toast.success(API_KEY_DELETED_MESSAGE);
        },
        onError: (error) => {
          toast.error(errorMessage(error, DELETE_API_KEY_FALLBACK_MESSAGE), { richColors: true });
        },
      },
    );
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <KeyRound aria-hidden="true" className="size-5" />
          API Keys
        </CardTitle>
        <CardDescription>
          Keys let your GitHub workflow ask OpenStake to comment on new issues. Each key belongs to
          one organization.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-6">
        <OrganizationForm
          formLabel="Show API keys"
          value={orgInput}
          onChange={(value) => {
            setOrgInput(value);
            setInputError(null);
          }}
          onSubmit={load}
          submitLabel="Show Keys"
          isPending={keys.isFetching}
          error={inputError}
        />
        {org !== null && (
          <section aria-label={`API keys of ${org}`} className="grid gap-3">
            <h3 className="text-base font-semibold">Keys for {org}</h3>
            {keys.isError ? (
              isGithubAuthRequired(keys.error) ? (
                <GithubRequiredNotice reason="Seeing an organization's keys needs your GitHub account." />
              ) : (
                <QueryError
                  title={errorMessage(keys.error, API_KEYS_FALLBACK_MESSAGE)}
                  onRetry={() => void keys.refetch()}
                  isRetrying={keys.isFetching}
                />
              )
            ) : keys.data === undefined ? (
              <PageLoading label="Loading API keys..." className="min-h-24" />
            ) : keys.data.length === 0 ? (
              <EmptyState
                icon={KeyRound}
                title={NO_KEYS_MESSAGE}
                description="Save a context for this organization in General, then create a key there."
                action={
                  <Button variant="outline" onClick={onGoToGeneral}>
                    Go to General
                  </Button>
                }
              />
            ) : (
              <ApiKeyList
                keys={keys.data}
                secrets={secrets}
                revealedIds={revealedIds}
                onToggleReveal={(id) => {
                  setRevealedIds((current) => toggleRevealed(current, id));
                }}
                onDelete={remove}
                deletingId={deletion.isPending ? (deletion.variables.id ?? null) : null}
              />
            )}
          </section>
        )}
      </CardContent>
    </Card>
  );
}
