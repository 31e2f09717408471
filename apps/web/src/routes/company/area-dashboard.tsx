import type { SessionUser } from '@openstake/core';

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
 * The company area's first dashboard: the role heading and the signed-in account, until the
 * company directory replaces it.
 */
export function AreaDashboard() {
  const { user } = useUser();
  const label = ROLE_LABELS.company;
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
    </div>
  );
}
