import { VOUCH_REASON_MAX, type RepositoryVouch } from '@openstake/core';
import { ShieldCheck, ShieldX, UserCheck } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { toast } from 'sonner';

import { EmptyState } from '@/components/empty-state';
import { LoadError } from '@/components/load-error';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Spinner } from '@/components/ui/spinner';
import { Textarea } from '@/components/ui/textarea';
import { errorMessage } from '@/lib/api/api-error';
import {
  SET_VOUCH_FALLBACK_MESSAGE,
  VOUCHES_FALLBACK_MESSAGE,
  WITHDRAW_VOUCH_FALLBACK_MESSAGE,
  useRepositoryVouches,
  useSetVouch,
  useWithdrawVouch,
} from '../api/repository-vouches';
import { vouchOriginText } from '../lib/vouch-display';

export const VOUCHES_TITLE = 'Vouched and denounced';
export const NO_VOUCHES_TEXT = 'Nobody is vouched for or denounced here yet';

/** Opens the repository's vouches in a dialog, from its row of the repository list. */
export function RepositoryVouchesButton({ owner, repo }: { owner: string; repo: string }) {
  const [open, setOpen] = useState(false);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="outline" size="sm">
          <UserCheck aria-hidden="true" />
          {VOUCHES_TITLE}
          <span className="sr-only">
            {' '}
            in {owner}/{repo}
          </span>
        </Button>
      </DialogTrigger>
      <DialogContent className="max-h-[90vh] overflow-y-auto sm:max-w-xl">
        <DialogHeader>
          <DialogTitle>
            {VOUCHES_TITLE} in {owner}/{repo}
          </DialogTitle>
          <DialogDescription>
            A vouched user skips the newcomer slots and pays the issue&apos;s stake here; a
            denounced one cannot stake here. Other maintainers see it on their profile. When the
            repository has a .github/VOUCHED.td, it is read and kept in step.
          </DialogDescription>
        </DialogHeader>
        {open && <RepositoryVouchesSection owner={owner} repo={repo} />}
      </DialogContent>
    </Dialog>
  );
}

/** The repository's vouches: the form that adds one, then the list, newest first. */
export function RepositoryVouchesSection({ owner, repo }: { owner: string; repo: string }) {
  const vouches = useRepositoryVouches(owner, repo);
  return (
    <div className="grid gap-4">
      <VouchForm owner={owner} repo={repo} />
      <VouchList
        owner={owner}
        repo={repo}
        state={
          vouches.isPending
            ? { status: 'pending' }
            : vouches.isError
              ? {
                  status: 'error',
                  message: errorMessage(vouches.error, VOUCHES_FALLBACK_MESSAGE),
                  isRetrying: vouches.isFetching,
                  retry: () => void vouches.refetch(),
                }
              : { status: 'success', vouches: vouches.data }
        }
      />
    </div>
  );
}

type ListState =
  | { status: 'pending' }
  | { status: 'error'; message: string; isRetrying: boolean; retry: () => void }
  | { status: 'success'; vouches: RepositoryVouch[] };

export function VouchList({
  owner,
  repo,
  state,
}: {
  owner: string;
  repo: string;
  state: ListState;
}) {
  if (state.status === 'pending') {
    return (
      <p className="flex items-center gap-2 text-sm text-muted-foreground" role="status">
        <Spinner /> Loading the vouched and denounced users…
      </p>
    );
  }
  if (state.status === 'error') {
    return (
      <LoadError message={state.message} isRetrying={state.isRetrying} onRetry={state.retry} />
    );
  }
  if (state.vouches.length === 0) {
    return (
      <EmptyState
        icon={UserCheck}
        title={NO_VOUCHES_TEXT}
        description="Vouch for a contributor you trust, or denounce one who sent spam."
        className="py-8"
      />
    );
  }
  return (
    <ul className="grid gap-2" aria-label={`${VOUCHES_TITLE} in ${owner}/${repo}`}>
      {state.vouches.map((vouch) => (
        <VouchRow key={vouch.githubUserId} owner={owner} repo={repo} vouch={vouch} />
      ))}
    </ul>
  );
}

function VouchRow({ owner, repo, vouch }: { owner: string; repo: string; vouch: RepositoryVouch }) {
  const withdraw = useWithdrawVouch();
  const denounced = vouch.kind === 'denounced';
  return (
    <li className="flex flex-wrap items-start justify-between gap-2 rounded-lg border p-3">
      <div className="grid min-w-0 gap-1">
        <p className="flex flex-wrap items-center gap-2 text-sm font-medium">
          @{vouch.login}
          <Badge variant={denounced ? 'destructive' : 'success'}>
            {denounced ? <ShieldX aria-hidden="true" /> : <ShieldCheck aria-hidden="true" />}
            {denounced ? 'Denounced' : 'Vouched'}
          </Badge>
        </p>
        {vouch.reason && <p className="text-sm break-words">{vouch.reason}</p>}
        <p className="text-xs text-muted-foreground">{vouchOriginText(vouch)}</p>
      </div>
      <Button
        variant="ghost"
        size="sm"
        disabled={withdraw.isPending}
        onClick={() => {
          withdraw.mutate(
            { owner, repo, login: vouch.login },
            {
              onSuccess: () => toast.success(`Withdrawn: @${vouch.login}`),
              onError: (error) =>
                toast.error(errorMessage(error, WITHDRAW_VOUCH_FALLBACK_MESSAGE), {
                  richColors: true,
                }),
            },
          );
        }}
      >
        {withdraw.isPending && <Spinner />}
        Withdraw<span className="sr-only"> the word on @{vouch.login}</span>
      </Button>
    </li>
  );
}

/** Vouch for or denounce a GitHub login; a denouncement says why. */
function VouchForm({ owner, repo }: { owner: string; repo: string }) {
  const ids = useId();
  const [login, setLogin] = useState('');
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const save = useSetVouch();

  const submit = (kind: 'vouched' | 'denounced') => (event?: FormEvent) => {
    event?.preventDefault();
    if (!login.trim()) {
      setError('Write the GitHub login');
      return;
    }
    if (kind === 'denounced' && !reason.trim()) {
      setError('Say why you denounce them (1 to 300 characters)');
      return;
    }
    setError(null);
    const sent = { login, reason };
    save.mutate(
      {
        owner,
        repo,
        login: login.trim(),
        kind,
        ...(reason.trim() && { reason: reason.trim() }),
        source: 'settings',
      },
      {
        onSuccess: (saved) => {
          toast.success(
            saved.kind === 'vouched' ? `Vouched for @${saved.login}` : `Denounced @${saved.login}`,
          );
          // What was typed meanwhile stays.
          setLogin((current) => (current === sent.login ? '' : current));
          setReason((current) => (current === sent.reason ? '' : current));
        },
        onError: (failure) => {
          setError(errorMessage(failure, SET_VOUCH_FALLBACK_MESSAGE));
        },
      },
    );
  };

  return (
    <form className="grid gap-3" onSubmit={submit('vouched')} noValidate>
      <div className="grid gap-1.5">
        <Label htmlFor={`${ids}-login`}>GitHub login</Label>
        <Input
          id={`${ids}-login`}
          value={login}
          placeholder="@octocat"
          autoComplete="off"
          aria-invalid={error !== null}
          aria-describedby={error ? `${ids}-error` : undefined}
          onChange={(event) => setLogin(event.target.value)}
        />
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor={`${ids}-reason`}>Reason (needed to denounce)</Label>
        <Textarea
          id={`${ids}-reason`}
          value={reason}
          maxLength={VOUCH_REASON_MAX}
          rows={2}
          onChange={(event) => setReason(event.target.value)}
        />
      </div>
      {error && (
        <p id={`${ids}-error`} role="alert" className="text-sm font-medium text-destructive">
          {error}
        </p>
      )}
      <div className="flex flex-wrap gap-2">
        <Button type="submit" size="sm" disabled={save.isPending}>
          {save.isPending && save.variables.kind === 'vouched' && <Spinner />}
          Vouch
        </Button>
        <Button
          type="button"
          size="sm"
          variant="destructive"
          disabled={save.isPending}
          onClick={() => submit('denounced')()}
        >
          {save.isPending && save.variables.kind === 'denounced' && <Spinner />}
          Denounce
        </Button>
      </div>
    </form>
  );
}
