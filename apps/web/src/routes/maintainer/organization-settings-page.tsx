import { BookOpen, ShieldCheck } from 'lucide-react';
import { useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';

import { EmptyState } from '@/components/empty-state';
import { PageHeader } from '@/components/page-header';
import { buttonVariants } from '@/components/ui/button-variants';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { useUser } from '@/features/auth/user-context';
import { ApiKeysTab } from '@/features/organization-settings/components/api-keys-tab';
import { GeneralSteps } from '@/features/organization-settings/components/general-steps';
import { PreferencesCard } from '@/features/organization-settings/components/preferences-card';
import { useGeneralFlow } from '@/features/organization-settings/hooks/use-general-flow';
import { readLastOrg } from '@/features/organization-settings/lib/last-org';

const CONFIG_PATH = '/maintainer/org-settings/config';
const API_KEYS_PATH = '/maintainer/org-settings/api-keys';

type SettingsTab = 'general' | 'api-keys' | 'security';

/** The tab a route opens: /api-keys the API Keys tab, /config (and anything else) General. */
const routeTab = (pathname: string): SettingsTab =>
  pathname.replace(/\/+$/, '').endsWith('/api-keys') ? 'api-keys' : 'general';

/**
 * /maintainer/org-settings/config and /api-keys: one screen with the tabs
 * General, API Keys and Security. General and API Keys follow the address (both routes render
 * this same page, so the flow's state survives the switch); Security has no address of its own.
 */
export function OrganizationSettingsPage() {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const { user } = useUser();
  const flow = useGeneralFlow(user?.githubUsername ?? null);
  // The address Security was chosen on: a later navigation (the sidebar) shows the route's tab.
  const [securityAt, setSecurityAt] = useState<string | null>(null);
  const tab: SettingsTab = securityAt === pathname ? 'security' : routeTab(pathname);

  const selectTab = (next: string) => {
    if (next === 'security') {
      setSecurityAt(pathname);
      return;
    }
    setSecurityAt(null);
    const target = next === 'api-keys' ? API_KEYS_PATH : CONFIG_PATH;
    if (routeTab(pathname) !== next) void navigate(target, { replace: true });
  };

  return (
    <div className="grid grid-cols-1 gap-6">
      <PageHeader
        title="Organization Settings"
        titleClassName="sm:text-3xl"
        description="Context, API keys and preferences for the issue automation."
        actions={
          <Link to="/maintainer/docs" className={buttonVariants({ variant: 'outline' })}>
            <BookOpen aria-hidden="true" />
            Docs
          </Link>
        }
      />

      <Tabs value={tab} onValueChange={selectTab}>
        <TabsList aria-label="Organization settings sections">
          <TabsTrigger value="general">General</TabsTrigger>
          <TabsTrigger value="api-keys">API Keys</TabsTrigger>
          <TabsTrigger value="security">Security</TabsTrigger>
        </TabsList>
        <TabsContent value="general" className="grid gap-6">
          <GeneralSteps flow={flow} />
          <PreferencesCard />
        </TabsContent>
        <TabsContent value="api-keys">
          <ApiKeysTab
            initialOrg={flow.state.org ?? readLastOrg()}
            secrets={flow.state.sessionSecrets}
            onGoToGeneral={() => {
              selectTab('general');
            }}
          />
        </TabsContent>
        <TabsContent value="security">
          <EmptyState
            icon={ShieldCheck}
            headingLevel="h2"
            title="Security settings are coming soon"
            description="Key rotation and access rules for your organization will appear here."
          />
        </TabsContent>
      </Tabs>
    </div>
  );
}
