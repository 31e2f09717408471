import { CheckCircle2 } from 'lucide-react';
import { useEffect, useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { toast } from 'sonner';

import { Alert, AlertDescription } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import {
  Card,
  CardContent,
  CardDescription,
  CardFooter,
  CardHeader,
  CardTitle,
} from '../../components/ui/card';
import { Spinner } from '../../components/ui/spinner';
import { useLogin } from '../../features/auth/api/login';
import { AuthFields } from '../../features/auth/components/auth-fields';
import { AuthPageShell } from '../../features/auth/components/auth-page-shell';
import {
  AUTH_FALLBACK_MESSAGES,
  buildAuthPayload,
  canSubmitAuthForm,
  loginRedirectPath,
  validateAuthPayload,
  type AuthFormValues,
} from '../../features/auth/lib/auth-form';
import { readRememberedChoices, rememberChoices } from '../../features/auth/lib/remembered-choices';
import { useUser } from '../../features/auth/user-context';
import { errorMessage } from '../../lib/api/api-error';

/** Spec 000 s9: the success view stays 1.5 s before the dashboard opens. */
export const LOGIN_REDIRECT_DELAY_MS = 1500;

interface LoginSuccess {
  role: string;
  path: string;
}

export function LoginPage() {
  const navigate = useNavigate();
  const { setUser } = useUser();
  const loginMutation = useLogin();
  const [values, setValues] = useState<AuthFormValues>(() => ({
    ...readRememberedChoices(),
    password: '',
  }));
  const [error, setError] = useState<string | null>(null);
  const [success, setSuccess] = useState<LoginSuccess | null>(null);

  useEffect(() => {
    if (!success) return;
    const timer = window.setTimeout(() => {
      void navigate(success.path);
    }, LOGIN_REDIRECT_DELAY_MS);
    return () => {
      window.clearTimeout(timer);
    };
  }, [success, navigate]);

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
      onSuccess: ({ user }) => {
        setUser(user);
        toast.success('Login successful');
        setSuccess({ role: user.role, path: loginRedirectPath(user.role, values.role) });
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
      <Card>
        <CardHeader>
          <CardTitle asChild className="text-2xl">
            <h1>Welcome back</h1>
          </CardTitle>
          <CardDescription>Sign in to your OpenStake account</CardDescription>
        </CardHeader>
        <CardContent>
          <form noValidate onSubmit={handleSubmit} className="grid gap-5" aria-label="Sign in">
            {error && (
              <Alert variant="destructive" data-testid="login-error">
                <AlertDescription>{error}</AlertDescription>
              </Alert>
            )}
            <AuthFields
              values={values}
              onChange={setValues}
              disabled={isLoading}
              passwordAutoComplete="current-password"
            />
            <Button type="submit" size="lg" className="w-full" disabled={!canSubmit}>
              {isLoading && <Spinner />}
              {isLoading ? 'Signing in...' : 'Sign in'}
            </Button>
          </form>
        </CardContent>
        <CardFooter className="justify-center text-sm text-muted-foreground">
          <p>
            Don&apos;t have an account?{' '}
            <Link
              to="/signUp"
              className="rounded-sm font-medium text-primary underline-offset-4 outline-none hover:underline focus-visible:ring-[3px] focus-visible:ring-ring/50"
            >
              Sign up for free
            </Link>
          </p>
        </CardFooter>
      </Card>
    </AuthPageShell>
  );
}
