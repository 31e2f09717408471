import { CheckCircle2 } from 'lucide-react';
import { useLocation } from 'react-router';

import { QueryError } from '@/components/query-error';
import { buttonVariants } from '@/components/ui/button-variants';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { useGithubAccount } from '../api/github-account';
import { githubConnectUrl } from '../lib/github-links';
import { GithubIcon } from './github-icon';

/** Roles whose accounts carry a GitHub identity; companies have none. */
type GithubRole = 'contributor' | 'maintainer';

/** What linking unlocks, per role. */
const CONNECT_PROMPT: Record<GithubRole, string> = {
  contributor: 'Connect your GitHub account to verify your username and unlock staking.',
  maintainer: 'Connect your GitHub account to verify your username and connect repositories.',
};

/**
 * The dashboard's GitHub card. A typed GitHub username is only a claim; linking through OAuth
 * proves it. 'Connect GitHub' is a plain link: the server answers with a redirect
 * to GitHub and later sends the browser back to this page.
 */
export function GithubAccountCard({ role }: { role: GithubRole }) {
  const account = useGithubAccount();
  const { pathname } = useLocation();

  return (
    <Card data-testid="github-card">
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <GithubIcon aria-hidden="true" className="size-5" />
          GitHub
        </CardTitle>
        <CardDescription>Your verified code-hosting identity.</CardDescription>
      </CardHeader>
      <CardContent>
        {account.isPending ? (
          <p role="status" className="flex items-center gap-2 text-sm text-muted-foreground">
            <Spinner />
            Checking your GitHub connection...
          </p>
        ) : account.isError ? (
          <QueryError
            title="Could not check your GitHub connection."
            isRetrying={account.isFetching}
            onRetry={() => {
              void account.refetch();
            }}
          />
        ) : account.data.linked ? (
          <div className="flex min-w-0 items-center gap-3">
            <CheckCircle2 aria-hidden="true" className="size-6 shrink-0 text-success" />
            <div className="grid min-w-0 gap-0.5">
              <p className="font-medium">GitHub connected</p>
              {account.data.login && (
                <p className="truncate text-sm text-muted-foreground" title={account.data.login}>
                  Verified as{' '}
                  <span className="font-medium text-foreground" data-testid="github-login">
                    {account.data.login}
                  </span>
                </p>
              )}
            </div>
          </div>
        ) : (
          <div className="flex flex-col gap-4 sm:flex-row sm:items-center sm:justify-between">
            <p className="text-sm text-muted-foreground">{CONNECT_PROMPT[role]}</p>
            <a
              href={githubConnectUrl(pathname)}
              className={buttonVariants({ className: 'w-full sm:w-auto' })}
            >
              <GithubIcon aria-hidden="true" />
              Connect GitHub
            </a>
          </div>
        )}
      </CardContent>
    </Card>
  );
}
