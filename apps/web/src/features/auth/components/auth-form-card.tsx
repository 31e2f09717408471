import type { FormEvent, ReactNode } from 'react';
import { Link } from 'react-router';

import { Alert, AlertDescription } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import {
  Card,
  CardContent,
  CardDescription,
  CardFooter,
  CardHeader,
  CardTitle,
} from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { OrSeparator } from './or-separator';

interface AuthFormCardProps {
  title: string;
  description: string;
  /** Accessible name of the form. */
  formLabel: string;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  /** Shown above the error alert (e.g. the sign-up success message). */
  notice?: ReactNode;
  error: string | null;
  errorTestId: string;
  isLoading: boolean;
  canSubmit: boolean;
  submitLabel: string;
  busyLabel: string;
  footer: { question: string; linkLabel: string; to: string };
  /** Another way in (e.g. GitHub), shown below the submit button after an 'or' separator. */
  alternative?: ReactNode;
  /** The form fields, rendered between the alerts and the submit button. */
  children: ReactNode;
}

/** The card shared by the login and sign-up screens: heading, form with alerts and submit, footer link. */
export function AuthFormCard({
  title,
  description,
  formLabel,
  onSubmit,
  notice,
  error,
  errorTestId,
  isLoading,
  canSubmit,
  submitLabel,
  busyLabel,
  footer,
  alternative,
  children,
}: AuthFormCardProps) {
  return (
    <Card>
      <CardHeader>
        <CardTitle asChild className="text-2xl">
          <h1>{title}</h1>
        </CardTitle>
        <CardDescription>{description}</CardDescription>
      </CardHeader>
      <CardContent>
        <form noValidate onSubmit={onSubmit} className="grid gap-5" aria-label={formLabel}>
          {notice}
          {error && (
            <Alert variant="destructive" data-testid={errorTestId}>
              <AlertDescription>{error}</AlertDescription>
            </Alert>
          )}
          {children}
          <Button type="submit" size="lg" className="w-full" disabled={!canSubmit}>
            {isLoading && <Spinner />}
            {isLoading ? busyLabel : submitLabel}
          </Button>
        </form>
        {alternative && (
          <>
            <OrSeparator />
            {alternative}
          </>
        )}
      </CardContent>
      <CardFooter className="justify-center text-sm text-muted-foreground">
        <p>
          {footer.question}{' '}
          <Link
            to={footer.to}
            className="rounded-sm font-medium text-primary underline-offset-4 outline-none hover:underline focus-visible:ring-[3px] focus-visible:ring-ring/50"
          >
            {footer.linkLabel}
          </Link>
        </p>
      </CardFooter>
    </Card>
  );
}
