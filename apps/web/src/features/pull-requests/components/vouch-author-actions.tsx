import { VOUCH_REASON_MAX } from '@openstake/core';
import { ShieldCheck, ShieldX } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { toast } from 'sonner';

import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Label } from '@/components/ui/label';
import { Spinner } from '@/components/ui/spinner';
import { Textarea } from '@/components/ui/textarea';
import { errorMessage } from '@/lib/api/api-error';
import {
  SET_VOUCH_FALLBACK_MESSAGE,
  useSetVouch,
} from '@/features/maintainer-repositories/api/repository-vouches';

/**
 * "Vouch for @author" and "Denounce…" on a pull request (decision 015, part 3): the word is the
 * repository's, kept by the author's GitHub id, and shows in the repository's vouches list.
 */
export function VouchAuthorActions({
  owner,
  repo,
  author,
}: {
  owner: string;
  repo: string;
  author: string;
}) {
  const ids = useId();
  const save = useSetVouch();
  const [denounceOpen, setDenounceOpen] = useState(false);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);

  const vouch = () => {
    save.mutate(
      { owner, repo, login: author, kind: 'vouched', source: 'pull_request' },
      {
        onSuccess: () => toast.success(`Vouched for @${author} in ${owner}/${repo}`),
        onError: (failure) =>
          toast.error(errorMessage(failure, SET_VOUCH_FALLBACK_MESSAGE), { richColors: true }),
      },
    );
  };

  const denounce = (event: FormEvent) => {
    event.preventDefault();
    if (!reason.trim()) {
      setError('Say why you denounce them (1 to 300 characters)');
      return;
    }
    setError(null);
    save.mutate(
      {
        owner,
        repo,
        login: author,
        kind: 'denounced',
        reason: reason.trim(),
        source: 'pull_request',
      },
      {
        onSuccess: () => {
          toast.success(`Denounced @${author} in ${owner}/${repo}`);
          setDenounceOpen(false);
          setReason('');
        },
        onError: (failure) => setError(errorMessage(failure, SET_VOUCH_FALLBACK_MESSAGE)),
      },
    );
  };

  return (
    <>
      <Button variant="outline" size="sm" disabled={save.isPending} onClick={vouch}>
        {save.isPending && save.variables.kind === 'vouched' ? (
          <Spinner />
        ) : (
          <ShieldCheck aria-hidden="true" />
        )}
        Vouch for @{author}
      </Button>
      <Button
        variant="outline"
        size="sm"
        disabled={save.isPending}
        onClick={() => {
          setDenounceOpen(true);
        }}
      >
        <ShieldX aria-hidden="true" />
        Denounce…<span className="sr-only"> @{author}</span>
      </Button>
      <Dialog open={denounceOpen} onOpenChange={setDenounceOpen}>
        <DialogContent>
          <form className="grid gap-4" onSubmit={denounce} noValidate>
            <DialogHeader>
              <DialogTitle>
                Denounce @{author} in {owner}/{repo}
              </DialogTitle>
              <DialogDescription>
                A denounced user cannot stake on this repository. Other maintainers see your reason
                on their profile.
              </DialogDescription>
            </DialogHeader>
            <div className="grid gap-1.5">
              <Label htmlFor={`${ids}-reason`}>Reason</Label>
              <Textarea
                id={`${ids}-reason`}
                value={reason}
                maxLength={VOUCH_REASON_MAX}
                rows={3}
                aria-invalid={error !== null}
                aria-describedby={error ? `${ids}-error` : undefined}
                onChange={(event) => setReason(event.target.value)}
              />
              {error && (
                <p
                  id={`${ids}-error`}
                  role="alert"
                  className="text-sm font-medium text-destructive"
                >
                  {error}
                </p>
              )}
            </div>
            <DialogFooter>
              <Button
                type="button"
                variant="outline"
                onClick={() => {
                  setDenounceOpen(false);
                }}
              >
                Cancel
              </Button>
              <Button type="submit" variant="destructive" disabled={save.isPending}>
                {save.isPending && <Spinner />}
                Denounce
              </Button>
            </DialogFooter>
          </form>
        </DialogContent>
      </Dialog>
    </>
  );
}
