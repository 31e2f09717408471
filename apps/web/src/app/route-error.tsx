import { isRouteErrorResponse, Link, useRouteError } from 'react-router';

import { buttonVariants } from '@/components/ui/button-variants';

/** Shown when a page throws while rendering; never shows a stack trace. */
export function RouteError() {
  const error = useRouteError();
  console.error(error);
  const title = isRouteErrorResponse(error)
    ? `${String(error.status)} ${error.statusText}`
    : 'Something went wrong';
  return (
    <main className="flex min-h-svh flex-col items-center justify-center gap-4 p-6 text-center">
      <h1 className="text-2xl font-bold">{title}</h1>
      <p className="text-muted-foreground">Please reload the page or go back home.</p>
      <Link to="/" className={buttonVariants()}>
        Back to Home
      </Link>
    </main>
  );
}
