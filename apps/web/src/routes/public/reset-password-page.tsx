import { useState, type FormEvent } from 'react';
import { Link, useLocation } from 'react-router';

import { Alert, AlertDescription } from '@/components/ui/alert';
import { Label } from '@/components/ui/label';
import { useResetPassword } from '@/features/auth/api/account-links';
import { AuthFormCard } from '@/features/auth/components/auth-form-card';
import { AuthMessageCard } from '@/features/auth/components/auth-message-card';
import { AuthPageShell } from '@/features/auth/components/auth-page-shell';
import { PasswordInput } from '@/features/auth/components/password-input';
import {
  checkResetPassword,
  isPasswordRefusal,
  linkToken,
} from '@/features/auth/lib/account-links';
import { AUTH_FALLBACK_MESSAGES } from '@/features/auth/lib/auth-form';
import { ApiError, errorMessage } from '@/lib/api/api-error';

export const INCOMPLETE_LINK_MESSAGE =
  'This link is incomplete: open it again from the email, or ask for a new one.';
export const NEW_LINK_LABEL = 'Ask for a new link';

const linkClass =
  'rounded-sm font-medium underline underline-offset-4 outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50';

/**
 * /reset-password?token=...: a new password for the account the mailed link was for. A link
 * the server refuses (used, expired) needs a new one, which /forgot-password sends; a password
 * it refuses can be tried again on the same link.
 */
export function ResetPasswordPage() {
  const location = useLocation();
  const token = linkToken(location.search);
  const reset = useResetPassword();
  const [password, setPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  // The server's word that the link itself no longer works.
  const [linkRefused, setLinkRefused] = useState<string | null>(null);
  const [changed, setChanged] = useState<string | null>(null);

  if (token === null) {
    return (
      <AuthPageShell>
        <AuthMessageCard
          tone="error"
          title="Incomplete link"
          message={INCOMPLETE_LINK_MESSAGE}
          links={[
            { to: '/forgot-password', label: NEW_LINK_LABEL },
            { to: '/login', label: 'Sign in' },
          ]}
          testId="reset-password-incomplete"
        />
      </AuthPageShell>
    );
  }

  if (changed !== null) {
    return (
      <AuthPageShell>
        <AuthMessageCard
          tone="success"
          title="Password changed"
          message={changed}
          links={[{ to: '/login', label: 'Sign in' }]}
          testId="reset-password-done"
        />
      </AuthPageShell>
    );
  }

  const isLoading = reset.isPending;
  const locked = isLoading || linkRefused !== null;
  const canSubmit = password !== '' && confirmPassword !== '' && !locked;

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!canSubmit) return;
    setError(null);
    const checked = checkResetPassword({ token, password, confirmPassword });
    if (checked.error !== undefined) {
      setError(checked.error);
      return;
    }
    reset.mutate(checked.input, {
      onSuccess: (answer) => {
        setChanged(answer.message);
      },
      onError: (err) => {
        const message = errorMessage(err, AUTH_FALLBACK_MESSAGES.network);
        if (err instanceof ApiError && err.status === 400 && !isPasswordRefusal(err)) {
          setLinkRefused(message);
        } else {
          setError(message);
        }
      },
    });
  };

  return (
    <AuthPageShell>
      <AuthFormCard
        title="Set a new password"
        description="Choose the new password of your account. Every other session of the account ends when it is set."
        formLabel="Set new password"
        onSubmit={handleSubmit}
        notice={linkRefused !== null && <LinkRefused message={linkRefused} />}
        error={error}
        errorTestId="reset-password-error"
        isLoading={isLoading}
        canSubmit={canSubmit}
        submitLabel="Set new password"
        busyLabel="Setting password..."
        footer={{ question: 'Remembered it?', linkLabel: 'Sign in', to: '/login' }}
      >
        <PasswordField
          id="password"
          label="New password"
          value={password}
          onChange={setPassword}
          disabled={locked}
          hint="At least 8 characters; not a common password or your email."
        />
        <PasswordField
          id="confirmPassword"
          label="Confirm new password"
          value={confirmPassword}
          onChange={setConfirmPassword}
          disabled={locked}
        />
      </AuthFormCard>
    </AuthPageShell>
  );
}

/** The server refused the link: its words, and where to ask for a new one. */
function LinkRefused({ message }: { message: string }) {
  return (
    <Alert variant="destructive" data-testid="reset-password-link-error">
      <AlertDescription>
        <p>{message}</p>
        <p>
          <Link to="/forgot-password" className={linkClass}>
            {NEW_LINK_LABEL}
          </Link>
        </p>
      </AlertDescription>
    </Alert>
  );
}

function PasswordField({
  id,
  label,
  value,
  onChange,
  disabled,
  hint,
}: {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  disabled: boolean;
  hint?: string;
}) {
  return (
    <div className="grid gap-2">
      <Label htmlFor={id}>{label}</Label>
      <PasswordInput
        id={id}
        name={id}
        value={value}
        onChange={(e) => {
          onChange(e.target.value);
        }}
        autoComplete="new-password"
        required
        disabled={disabled}
        aria-describedby={hint ? `${id}-hint` : undefined}
      />
      {hint && (
        <p id={`${id}-hint`} className="text-xs text-muted-foreground">
          {hint}
        </p>
      )}
    </div>
  );
}
