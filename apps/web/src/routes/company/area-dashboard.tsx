import type { Role, SessionUser } from '@openstake/core';

import { Badge } from '../../components/ui/badge';
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from '../../components/ui/card';
import { ROLE_LABELS } from '../../features/auth/lib/role-labels';
import { useUser } from '../../features/auth/user-context';
import { GithubAccountCard } from '../../features/github/components/github-account-card';

function AccountDetails({ user }: { user: SessionUser }) {
  const rows: [string, string][] = [
    ['Email', user.email],
    ...(user.githubUsername ? [['GitHub Username', user.githubUsername] as [string, string]] : []),
    ['Role', user.role],
  ];
  return (
    <dl className="grid gap-4 sm:grid-cols-3">
      {rows.map(([term, detail]) => (
        <div key={term} className="grid min-w-0 gap-1">
          <dt className="text-xs font-medium tracking-wide text-muted-foreground uppercase">
            {term}
          </dt>
          <dd className="truncate text-sm font-medium" title={detail}>
            {detail}
          </dd>
        </div>
      ))}
    </dl>
  );
}

/**
 * The first version of every dashboard: the role heading, the signed-in account and, for
 * contributors and maintainers, the GitHub link. Later issues replace the body with each area's
 * real content.
 */
export function AreaDashboard({ role }: { role: Role }) {
  const { user } = useUser();
  const label = ROLE_LABELS[role];
  return (
    <div className="grid gap-6">
      <div className="flex flex-wrap items-center gap-3">
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{label} Dashboard</h1>
        <Badge data-testid="role-badge">{label}</Badge>
      </div>
      {user && (
        <Card>
          <CardHeader>
            <CardTitle>Your account</CardTitle>
            <CardDescription>You are signed in to OpenStake.</CardDescription>
          </CardHeader>
          <CardContent>
            <AccountDetails user={user} />
          </CardContent>
        </Card>
      )}
      {user && role !== 'company' && <GithubAccountCard role={role} />}
    </div>
  );
}
