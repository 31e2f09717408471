import { useQueryClient } from '@tanstack/react-query';
import { MailWarning } from 'lucide-react';
import { toast } from 'sonner';

import { Alert, AlertDescription } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { ApiError, errorMessage } from '@/lib/api/api-error';
import { useResendVerification } from '../api/account-links';
import { authKeys } from '../api/query-keys';
import { AUTH_FALLBACK_MESSAGES } from '../lib/auth-form';
import { useUser } from '../user-context';

export const RESEND_LABEL = 'Send a new link';

/**
 * Above every signed-in area's page while the account's address is not confirmed: where the
 * link went, and a button for a new one (the server answers what it did, or why not: already
 * confirmed, too many links this hour). Nothing once confirmed, or for a visitor.
 */
export function EmailVerificationBanner() {
  const { user } = useUser();
  const client = useQueryClient();
  const resend = useResendVerification();
  if (!user || user.emailVerified) return null;

  const send = () => {
    resend.mutate(undefined, {
      onSuccess: (answer) => {
        toast.success(answer.message);
      },
      onError: (error) => {
        toast.error(errorMessage(error, AUTH_FALLBACK_MESSAGES.network), { richColors: true });
        // 409: confirmed meanwhile (in another tab): the session says so once read again.
        if (error instanceof ApiError && error.status === 409) {
          void client.invalidateQueries({ queryKey: authKeys.sessionUser });
        }
      },
    });
  };

  return (
    <Alert
      role="note"
      className="mb-6 border-warning/40 bg-warning/10"
      data-testid="email-verification-banner"
    >
      <MailWarning aria-hidden="true" />
      <AlertDescription className="flex flex-wrap items-center justify-between gap-3 text-foreground">
        <p className="min-w-0 break-words">
          Confirm your email address: we sent a link to{' '}
          <span className="font-medium">{user.email}</span>.
        </p>
        <Button
          type="button"
          size="sm"
          variant="outline"
          onClick={send}
          disabled={resend.isPending}
        >
          {resend.isPending && <Spinner />}
          {RESEND_LABEL}
        </Button>
      </AlertDescription>
    </Alert>
  );
}
