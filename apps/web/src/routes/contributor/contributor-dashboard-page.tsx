import { Settings, UserRound } from 'lucide-react';
import { Link, useSearchParams } from 'react-router';

import { Badge } from '@/components/ui/badge';
import { buttonVariants } from '@/components/ui/button-variants';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { useUser } from '@/features/auth/user-context';
import { UnreadCountBadge } from '@/features/messages/components/unread-count-badge';
import { isDashboardTab, parseDashboardTab, withDashboardTab } from './dashboard/dashboard-tab';
import { MessagesTab } from './dashboard/messages-tab';
import { MyStakesTab } from './dashboard/my-stakes-tab';
import { OverviewTab } from './dashboard/overview-tab';
import { SuggestedIssuesTab } from './dashboard/suggested-issues-tab';

/**
 * /contributor/dashboard. The open tab lives in ?tab= (overview, issues, stakes,
 * messages), so a stake's success can come back to My Stakes, the header's Messages link opens
 * Messages, and a reload keeps the tab.
 */
export function ContributorDashboardPage() {
  const { user } = useUser();
  const [searchParams, setSearchParams] = useSearchParams();
  const tab = parseDashboardTab(searchParams.get('tab'));

  const selectTab = (next: string) => {
    if (!isDashboardTab(next)) return;
    setSearchParams((current) => withDashboardTab(current, next), {
      replace: true,
      preventScrollReset: true,
    });
  };

  return (
    <div className="grid grid-cols-1 gap-6">
      <header className="flex flex-col gap-4 sm:flex-row sm:items-start sm:justify-between">
        <div className="grid min-w-0 gap-1">
          <div className="flex flex-wrap items-center gap-3">
            <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Contributor Dashboard</h1>
            <Badge data-testid="role-badge">Contributor</Badge>
          </div>
          {user && (
            <p className="text-sm wrap-anywhere text-muted-foreground">
              Signed in as {user.email}
              {user.githubUsername && (
                <>
                  {' · GitHub: '}
                  <span className="font-medium text-foreground">{user.githubUsername}</span>
                </>
              )}
            </p>
          )}
        </div>
        <nav aria-label="Your profile" className="flex shrink-0 flex-wrap gap-2">
          <Link to="/contributor/profile" className={buttonVariants({ variant: 'outline' })}>
            <UserRound aria-hidden="true" />
            Profile
          </Link>
          <Link to="/contributor/settings" className={buttonVariants({ variant: 'outline' })}>
            <Settings aria-hidden="true" />
            Settings
          </Link>
        </nav>
      </header>

      <Tabs value={tab} onValueChange={selectTab}>
        <TabsList aria-label="Dashboard sections">
          <TabsTrigger value="overview">Overview</TabsTrigger>
          <TabsTrigger value="issues">Suggested Issues</TabsTrigger>
          <TabsTrigger value="stakes">My Stakes</TabsTrigger>
          <TabsTrigger value="messages">
            Messages
            <UnreadCountBadge side="contributor" />
          </TabsTrigger>
        </TabsList>
        <TabsContent value="overview">
          <OverviewTab
            onBrowseIssues={() => {
              selectTab('issues');
            }}
          />
        </TabsContent>
        <TabsContent value="issues">
          <SuggestedIssuesTab />
        </TabsContent>
        <TabsContent value="stakes">
          <MyStakesTab
            onBrowseIssues={() => {
              selectTab('issues');
            }}
          />
        </TabsContent>
        <TabsContent value="messages">
          <MessagesTab />
        </TabsContent>
      </Tabs>
    </div>
  );
}
