import { useState, type FormEvent } from 'react';

import { Alert, AlertDescription } from '@/components/ui/alert';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { useForgotPassword } from '@/features/auth/api/account-links';
import { AuthFormCard } from '@/features/auth/components/auth-form-card';
import { AuthPageShell } from '@/features/auth/components/auth-page-shell';
import { checkForgotPassword } from '@/features/auth/lib/account-links';
import { AUTH_FALLBACK_MESSAGES } from '@/features/auth/lib/auth-form';
import { errorMessage } from '@/lib/api/api-error';

/**
 * /forgot-password: asks for a link to set a new password. The answer is the same whether or
 * not an account uses the address (the server says so in its message), so the page shows it as
 * it comes and never says whether the address is known.
 */
export function ForgotPasswordPage() {
  const forgot = useForgotPassword();
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [sent, setSent] = useState<string | null>(null);

  const isLoading = forgot.isPending;
  const canSubmit = email.trim() !== '' && !isLoading;

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!canSubmit) return;
    setError(null);
    setSent(null);
    const checked = checkForgotPassword(email);
    if (checked.error !== undefined) {
      setError(checked.error);
      return;
    }
    forgot.mutate(checked.input, {
      onSuccess: (answer) => {
        setSent(answer.message);
      },
      onError: (err) => {
        setError(errorMessage(err, AUTH_FALLBACK_MESSAGES.network));
      },
    });
  };

  return (
    <AuthPageShell>
      <AuthFormCard
        title="Forgot your password?"
        description="Enter the email address of your account, and we will mail you a link to set a new password."
        formLabel="Forgot password"
        onSubmit={handleSubmit}
        notice={
          sent && (
            <Alert variant="success" role="status" data-testid="forgot-password-sent">
              <AlertDescription>{sent}</AlertDescription>
            </Alert>
          )
        }
        error={error}
        errorTestId="forgot-password-error"
        isLoading={isLoading}
        canSubmit={canSubmit}
        submitLabel="Send reset link"
        busyLabel="Sending..."
        footer={{ question: 'Remembered it?', linkLabel: 'Sign in', to: '/login' }}
      >
        <div className="grid gap-2">
          <Label htmlFor="email">Email</Label>
          <Input
            id="email"
            name="email"
            type="email"
            value={email}
            onChange={(e) => {
              setEmail(e.target.value);
            }}
            placeholder="you@example.com"
            autoComplete="email"
            required
            disabled={isLoading}
          />
        </div>
      </AuthFormCard>
    </AuthPageShell>
  );
}
