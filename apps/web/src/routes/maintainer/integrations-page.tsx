import { CheckCircle2, Crown, Lock, Search } from 'lucide-react';
import { useMemo, useState } from 'react';
import { useLocation } from 'react-router';

import { EmptyState } from '@/components/empty-state';
import { PageHeader } from '@/components/page-header';
import { SearchInput } from '@/components/search-input';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { buttonVariants } from '@/components/ui/button-variants';
import {
  Card,
  CardContent,
  CardDescription,
  CardFooter,
  CardHeader,
  CardTitle,
} from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { useGithubAccount } from '@/features/github/api/github-account';
import { GithubIcon } from '@/features/github/components/github-icon';
import { githubConnectUrl } from '@/features/github/lib/github-links';
import { filterIntegrations, INTEGRATIONS, type Integration } from './integrations/integrations';

/**
 * The GitHub card's status and action. The old page shows GitHub as connected; here it is the real
 * state of the maintainer's OAuth link, with Connect GitHub while there is none.
 */
function GithubStatus() {
  const account = useGithubAccount();
  const { pathname } = useLocation();

  if (account.isPending) {
    return (
      <p role="status" className="flex items-center gap-2 text-sm text-muted-foreground">
        <Spinner />
        Checking your GitHub connection...
      </p>
    );
  }
  if (account.isSuccess && account.data.linked) {
    return (
      <p className="flex min-w-0 items-center gap-2 text-sm text-muted-foreground">
        <CheckCircle2 aria-hidden="true" className="size-4 shrink-0 text-success" />
        <span className="truncate">
          {account.data.login ? `Connected as ${account.data.login}` : 'Connected'}
        </span>
      </p>
    );
  }
  return (
    <a href={githubConnectUrl(pathname)} className={buttonVariants({ size: 'sm' })}>
      <GithubIcon aria-hidden="true" />
      Connect GitHub
    </a>
  );
}

function GithubBadge() {
  const account = useGithubAccount();
  if (account.isSuccess && account.data.linked) return <Badge variant="success">Connected</Badge>;
  if (account.isPending) return null;
  return <Badge variant="outline">Not connected</Badge>;
}

function IntegrationCard({ integration }: { integration: Integration }) {
  const Icon = integration.icon;
  const titleId = `integration-${integration.id}`;
  return (
    <Card
      className="gap-4"
      aria-labelledby={titleId}
      role="group"
      data-testid={`integration-${integration.id}`}
    >
      <CardHeader className="grid-cols-[auto_1fr_auto] items-start gap-3">
        <span
          aria-hidden="true"
          className="flex size-10 items-center justify-center rounded-lg bg-muted text-foreground"
        >
          <Icon className="size-5" />
        </span>
        <div className="grid min-w-0 gap-0.5">
          <CardTitle asChild className="flex items-center gap-2 text-base">
            <h2 id={titleId}>
              {integration.name}
              {integration.premium && (
                <Lock aria-label="Locked" role="img" className="size-3.5 text-muted-foreground" />
              )}
            </h2>
          </CardTitle>
          <p className="text-xs text-muted-foreground">{integration.category}</p>
        </div>
        {integration.premium ? <Badge variant="outline">Available</Badge> : <GithubBadge />}
      </CardHeader>
      <CardContent className="flex-1">
        <CardDescription>{integration.description}</CardDescription>
      </CardContent>
      <CardFooter>
        {integration.premium ? (
          <Button variant="outline" size="sm" disabled>
            <Crown aria-hidden="true" />
            Premium Feature
          </Button>
        ) : (
          <GithubStatus />
        )}
      </CardFooter>
    </Card>
  );
}

/** /maintainer/integrations. Everything but GitHub is a locked premium feature. */
export function IntegrationsPage() {
  const [query, setQuery] = useState('');
  const integrations = useMemo(() => filterIntegrations(INTEGRATIONS, query), [query]);

  return (
    <div className="grid gap-6">
      <PageHeader
        title="Integrations"
        titleClassName="sm:text-3xl"
        description="Connect OpenStake to the tools your team already uses. Integrations other than GitHub are premium features and are not available yet."
      />

      <SearchInput
        className="max-w-md"
        aria-label="Search integrations"
        placeholder="Search integrations..."
        value={query}
        onChange={(event) => {
          setQuery(event.target.value);
        }}
      />

      {integrations.length === 0 ? (
        <EmptyState icon={Search} title="No integrations found matching your search." />
      ) : (
        <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
          {integrations.map((integration) => (
            <IntegrationCard key={integration.id} integration={integration} />
          ))}
        </div>
      )}
    </div>
  );
}
