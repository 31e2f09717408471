import type { MaintainerRepository } from '@openstake/core';
import { ExternalLink, Link2, Link2Off, Save } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { toast } from 'sonner';

import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/api/api-error';
import { useAppConfig } from '@/features/app-config/api/app-config';
import {
  CONNECT_FALLBACK_MESSAGE,
  DISCONNECT_FALLBACK_MESSAGE,
  UPDATE_DEDUCTION_FALLBACK_MESSAGE,
  useConnectRepository,
  useDisconnectRepository,
  useUpdateDeductionPercent,
} from '../api/repository-connection';
import {
  DEFAULT_DEDUCTION_PERCENT,
  MAX_DEDUCTION_PERCENT,
  MIN_DEDUCTION_PERCENT,
} from '@openstake/core';
import { parseDeductionPercent } from '../lib/deduction-percent';

export const PUSH_ACCESS_HINT = 'You need push access to connect this repository.';
export const INSTALL_APP_HINT =
  "Connect installs OpenStake's GitHub App on GitHub: choose this repository there.";

/**
 * Connect in GitHub App mode: a link to the app's installation page on GitHub, where the
 * maintainer picks the repository; GitHub's `installation` event connects it (10 % deduction,
 * changed here afterwards).
 */
function InstallAppLink({
  repository,
  installUrl,
}: {
  repository: MaintainerRepository;
  installUrl: string;
}) {
  const hintId = useId();
  const locked = !repository.canPush;
  return (
    <div className="grid gap-1">
      <div className="flex flex-wrap items-center gap-2">
        {locked ? (
          <Button size="sm" disabled aria-describedby={hintId}>
            <Link2 aria-hidden="true" />
            Connect
          </Button>
        ) : (
          <Button size="sm" asChild>
            <a
              href={installUrl}
              target="_blank"
              rel="noopener noreferrer"
              aria-describedby={hintId}
              aria-label={`Connect ${repository.full_name}: install OpenStake's GitHub App (opens GitHub)`}
            >
              <ExternalLink aria-hidden="true" />
              Connect
            </a>
          </Button>
        )}
      </div>
      <p id={hintId} className="text-xs text-muted-foreground">
        {locked ? PUSH_ACCESS_HINT : INSTALL_APP_HINT}
      </p>
    </div>
  );
}

/**
 * Connect, disconnect and the deduction percent of one repository. Connecting adds OpenStake's
 * webhook on GitHub (or, in GitHub App mode, links to the app's installation page); the percent
 * is what a rejected stake leaves with the repository (0-20 %).
 */
export function RepositoryConnectionForm({ repository }: { repository: MaintainerRepository }) {
  const githubApp = useAppConfig().data?.githubApp;
  if (githubApp && repository.connection === null) {
    return <InstallAppLink repository={repository} installUrl={githubApp.installUrl} />;
  }
  return <ConnectionForm repository={repository} />;
}

function ConnectionForm({ repository }: { repository: MaintainerRepository }) {
  const ids = useId();
  const connection = repository.connection;
  const ref = { owner: repository.owner, repo: repository.name };
  const saved = connection?.deductionPercent ?? DEFAULT_DEDUCTION_PERCENT;
  const [percent, setPercent] = useState(String(saved));
  const [invalid, setInvalid] = useState<string | null>(null);
  const connect = useConnectRepository();
  const update = useUpdateDeductionPercent();
  const disconnect = useDisconnectRepository();
  const busy = connect.isPending || update.isPending || disconnect.isPending;
  const locked = !repository.canPush;
  const disabled = locked || busy;
  const describedBy =
    [locked ? `${ids}-hint` : null, invalid ? `${ids}-error` : null].filter(Boolean).join(' ') ||
    undefined;

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (disabled) return;
    const checked = parseDeductionPercent(percent);
    if (!checked.ok) {
      setInvalid(checked.message);
      return;
    }
    setInvalid(null);
    const input = { ...ref, deductionPercent: checked.value };
    if (connection === null) {
      connect.mutate(input, {
        onSuccess: () => {
          toast.success(`Connected ${repository.full_name}`);
        },
        onError: (error) => {
          toast.error(errorMessage(error, CONNECT_FALLBACK_MESSAGE), { richColors: true });
        },
      });
    } else {
      update.mutate(input, {
        onSuccess: () => {
          toast.success(`Deduction for ${repository.full_name} set to ${String(checked.value)}%`);
        },
        onError: (error) => {
          toast.error(errorMessage(error, UPDATE_DEDUCTION_FALLBACK_MESSAGE), { richColors: true });
        },
      });
    }
  };

  const unchanged = connection !== null && percent.trim() === String(saved);

  return (
    <div className="grid gap-1">
      <form
        noValidate
        onSubmit={submit}
        className="flex flex-wrap items-center gap-2"
        aria-label={`Connection of ${repository.full_name}`}
      >
        <label htmlFor={`${ids}-percent`} className="sr-only">
          Deduction percent for {repository.full_name}
        </label>
        <div className="flex items-center gap-1" title="Deduction on a rejected stake">
          <Input
            id={`${ids}-percent`}
            type="number"
            inputMode="numeric"
            min={MIN_DEDUCTION_PERCENT}
            max={MAX_DEDUCTION_PERCENT}
            step={1}
            className="h-8 w-16 px-2"
            value={percent}
            disabled={disabled}
            aria-invalid={invalid ? true : undefined}
            aria-describedby={describedBy}
            onChange={(event) => {
              setPercent(event.target.value);
              setInvalid(null);
            }}
          />
          <span aria-hidden="true" className="text-sm text-muted-foreground">
            %
          </span>
        </div>
        {connection === null ? (
          <Button type="submit" size="sm" disabled={disabled} aria-describedby={describedBy}>
            {connect.isPending ? <Spinner /> : <Link2 aria-hidden="true" />}
            Connect
          </Button>
        ) : (
          <>
            <Button
              type="submit"
              size="sm"
              variant="outline"
              disabled={disabled || unchanged}
              aria-describedby={describedBy}
            >
              {update.isPending ? <Spinner /> : <Save aria-hidden="true" />}
              Save
            </Button>
            <Button
              type="button"
              size="sm"
              variant="ghost"
              className="text-destructive hover:text-destructive"
              disabled={disabled}
              aria-describedby={describedBy}
              onClick={() => {
                disconnect.mutate(ref, {
                  onSuccess: () => {
                    toast.success(`Disconnected ${repository.full_name}`);
                  },
                  onError: (error) => {
                    toast.error(errorMessage(error, DISCONNECT_FALLBACK_MESSAGE), {
                      richColors: true,
                    });
                  },
                });
              }}
            >
              {disconnect.isPending ? <Spinner /> : <Link2Off aria-hidden="true" />}
              Disconnect
            </Button>
          </>
        )}
      </form>
      {locked && (
        <p id={`${ids}-hint`} className="text-xs text-muted-foreground">
          {PUSH_ACCESS_HINT}
        </p>
      )}
      {invalid && (
        <p id={`${ids}-error`} role="alert" className="text-xs text-destructive">
          {invalid}
        </p>
      )}
    </div>
  );
}
