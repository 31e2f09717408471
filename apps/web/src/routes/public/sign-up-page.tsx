import { useState, type FormEvent } from 'react';
import { useLocation } from 'react-router';
import { toast } from 'sonner';

import { Alert, AlertDescription } from '@/components/ui/alert';
import { useRegister } from '@/features/auth/api/register';
import { AuthFields } from '@/features/auth/components/auth-fields';
import { AuthFormCard } from '@/features/auth/components/auth-form-card';
import { AuthPageShell } from '@/features/auth/components/auth-page-shell';
import { useRedirectAfter } from '@/features/auth/hooks/use-redirect-after';
import {
  buildAuthPayload,
  canSubmitAuthForm,
  validateAuthPayload,
  type AuthFormValues,
} from '@/features/auth/lib/auth-form';
import { registrationErrorMessage } from '@/features/auth/lib/registration-error';
import { readRememberedChoices, rememberChoices } from '@/features/auth/lib/remembered-choices';
import { GithubAuthButton } from '@/features/github/components/github-auth-button';
import { githubCallbackError } from '@/features/github/lib/github-callback';
import { githubSignUpUrl } from '@/features/github/lib/github-links';

/** The login screen opens 1 s after a successful registration. */
const SIGN_UP_REDIRECT_DELAY_MS = 1000;
const SIGN_UP_SUCCESS_MESSAGE = '✅ User registered successfully!';

export function SignUpPage() {
  const location = useLocation();
  const registerMutation = useRegister();
  const [values, setValues] = useState<AuthFormValues>(() => ({
    ...readRememberedChoices(),
    password: '',
  }));
  // A failed 'Sign up with GitHub' comes back as /signUp?github=error&message=...
  const [error, setError] = useState<string | null>(() => githubCallbackError(location));
  const [registered, setRegistered] = useState(false);

  useRedirectAfter(registered ? '/login' : null, SIGN_UP_REDIRECT_DELAY_MS);

  const isLoading = registerMutation.isPending;
  const locked = isLoading || registered;
  const canSubmit = canSubmitAuthForm(values) && !locked;

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!canSubmitAuthForm(values) || locked) return;
    setError(null);
    rememberChoices(values);

    const payload = buildAuthPayload(values);
    const invalid = validateAuthPayload('register', payload);
    if (invalid) {
      setError(invalid);
      return;
    }

    registerMutation.mutate(payload, {
      onSuccess: () => {
        toast.success(SIGN_UP_SUCCESS_MESSAGE);
        setRegistered(true);
      },
      onError: (err) => {
        setError(registrationErrorMessage(err));
      },
    });
  };

  return (
    <AuthPageShell>
      <AuthFormCard
        title="Join OpenStake Now"
        description="Create your account and start earning XP for your open-source work."
        formLabel="Sign up"
        onSubmit={handleSubmit}
        notice={
          registered && (
            <Alert variant="success" role="status" data-testid="sign-up-success">
              <AlertDescription>{SIGN_UP_SUCCESS_MESSAGE}</AlertDescription>
            </Alert>
          )
        }
        error={error}
        errorTestId="sign-up-error"
        isLoading={isLoading}
        canSubmit={canSubmit}
        submitLabel="Continue"
        busyLabel="Signing up..."
        footer={{ question: 'Already have an account?', linkLabel: 'Log in', to: '/login' }}
        alternative={
          <GithubAuthButton
            label="Sign up with GitHub"
            href={locked ? null : githubSignUpUrl(values.role)}
            disabledHint={
              values.role === 'company'
                ? 'Companies sign up with email. GitHub sign-up is for contributors and maintainers.'
                : undefined
            }
          />
        }
      >
        <AuthFields
          values={values}
          onChange={setValues}
          disabled={locked}
          passwordAutoComplete="new-password"
          passwordHint="At least 8 characters; not a common password or your email."
        />
      </AuthFormCard>
    </AuthPageShell>
  );
}
