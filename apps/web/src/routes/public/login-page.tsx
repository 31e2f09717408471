import { appReturnPath } from '@openstake/core';
import { CheckCircle2 } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { toast } from 'sonner';

import { Alert, AlertDescription } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { useLogin } from '@/features/auth/api/login';
import { AuthFields } from '@/features/auth/components/auth-fields';
import { AuthFormCard } from '@/features/auth/components/auth-form-card';
import { AuthPageShell } from '@/features/auth/components/auth-page-shell';
import { useRedirectAfter } from '@/features/auth/hooks/use-redirect-after';
import {
  AUTH_FALLBACK_MESSAGES,
  buildAuthPayload,
  canSubmitAuthForm,
  loginOutcome,
  validateAuthPayload,
  type AuthFormValues,
  type LoginOutcome,
} from '@/features/auth/lib/auth-form';
import { readRememberedChoices, rememberChoices } from '@/features/auth/lib/remembered-choices';
import { useUser } from '@/features/auth/user-context';
import { GithubAuthButton } from '@/features/github/components/github-auth-button';
import { githubCallbackError } from '@/features/github/lib/github-callback';
import { GITHUB_SIGN_IN_PATH } from '@/features/github/lib/github-links';
import { errorMessage } from '@/lib/api/api-error';
import { useHydrated } from '@/lib/use-hydrated';
import { useTypedBeforeHydration } from '@/lib/use-typed-before-hydration';

/** The success view stays 1.5 s before the dashboard opens. */
const LOGIN_REDIRECT_DELAY_MS = 1500;

/** The text fields of the form (auth-fields.tsx), by id. */
const TEXT_FIELDS = ['email', 'password', 'githubUsername'] as const;

export function LoginPage() {
  const navigate = useNavigate();
  const location = useLocation();
  const { setUser } = useUser();
  const loginMutation = useLogin();
  // This page is prerendered (apps/web/build/prerender.ts): its first render in the browser
  // shows the defaults, as the prerendered HTML does, and what only the browser knows (the
  // choices remembered in cookies, a GitHub error in the history) comes in once hydrated.
  const hydrated = useHydrated();
  const [edited, setValues] = useState<AuthFormValues | null>(null);
  const values = edited ?? {
    ...(hydrated ? readRememberedChoices() : readRememberedChoices(() => undefined)),
    password: '',
  };
  // What was typed before the app had loaded goes over the remembered choices.
  useTypedBeforeHydration(TEXT_FIELDS, (typed) => {
    const remembered: AuthFormValues = { ...readRememberedChoices(), password: '' };
    setValues({ ...remembered, ...typed });
  });
  // A failed 'Sign in with GitHub' comes back as /login?github=error&message=...; the root layout
  // toasts it and moves it from the URL to the history state, where this page finds it too.
  // Undefined until the page sets one itself.
  const [ownError, setError] = useState<string | null>();
  const error = ownError !== undefined ? ownError : hydrated ? githubCallbackError(location) : null;
  const [success, setSuccess] = useState<LoginOutcome | null>(null);

  // A page that sent the visitor here to sign in (/connect-wallet) is where they go back to.
  const returnTo = appReturnPath(new URLSearchParams(location.search).get('returnTo') ?? '');

  useRedirectAfter(success?.path ?? null, LOGIN_REDIRECT_DELAY_MS);

  const isLoading = loginMutation.isPending;
  const canSubmit = canSubmitAuthForm(values) && !isLoading;

  const fail = (message: string) => {
    setError(message);
    toast.error(message, { richColors: true });
  };

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!canSubmitAuthForm(values) || isLoading) return;
    setError(null);
    rememberChoices(values);

    const payload = buildAuthPayload(values);
    const invalid = validateAuthPayload('login', payload);
    if (invalid) {
      fail(invalid);
      return;
    }

    loginMutation.mutate(payload, {
      onSuccess: (result) => {
        const outcome = loginOutcome(result, values.role);
        if (returnTo !== null && result.user.role !== 'company') outcome.path = returnTo;
        setUser(result.user);
        // The toast outlasts the redirect, so a notice about the role can still be read there.
        toast.success(outcome.notice ?? 'Login successful');
        // The account's own role is the one signed in; remember it for the next visit.
        rememberChoices({ ...values, role: outcome.role });
        setSuccess(outcome);
      },
      onError: (err) => {
        fail(errorMessage(err, AUTH_FALLBACK_MESSAGES.login));
      },
    });
  };

  if (success) {
    return (
      <AuthPageShell>
        <Card className="text-center">
          <CardHeader className="justify-items-center">
            <CheckCircle2 aria-hidden="true" className="size-12 text-success" />
            <CardTitle asChild className="text-2xl">
              <h1>Success!</h1>
            </CardTitle>
            <p className="text-lg font-medium">Welcome back, {success.role}!</p>
            <CardDescription>You&apos;ve been successfully logged in.</CardDescription>
          </CardHeader>
          {success.notice && (
            <CardContent>
              <Alert role="status" data-testid="login-role-notice">
                <AlertDescription>{success.notice}</AlertDescription>
              </Alert>
            </CardContent>
          )}
          <CardContent>
            <Button
              className="w-full sm:w-auto"
              onClick={() => {
                void navigate(success.path);
              }}
            >
              Go to dashboard
            </Button>
          </CardContent>
        </Card>
      </AuthPageShell>
    );
  }

  return (
    <AuthPageShell>
      <AuthFormCard
        title="Welcome back"
        description="Sign in to your OpenStake account"
        formLabel="Sign in"
        onSubmit={handleSubmit}
        error={error}
        errorTestId="login-error"
        isLoading={isLoading}
        canSubmit={canSubmit}
        submitLabel="Sign in"
        busyLabel="Signing in..."
        footer={{
          question: "Don't have an account?",
          linkLabel: 'Sign up for free',
          to: '/signUp',
        }}
        alternative={<GithubAuthButton label="Sign in with GitHub" href={GITHUB_SIGN_IN_PATH} />}
      >
        <AuthFields
          values={values}
          onChange={setValues}
          disabled={isLoading}
          passwordAutoComplete="current-password"
          passwordAside={
            // A plain link: it works in the prerendered page before the app has loaded.
            <Link
              to="/forgot-password"
              className="rounded-sm text-sm font-medium text-primary underline-offset-4 outline-none hover:underline focus-visible:ring-[3px] focus-visible:ring-ring/50"
            >
              Forgot password?
            </Link>
          }
        />
      </AuthFormCard>
    </AuthPageShell>
  );
}
