import { Navigate, type RouteObject } from 'react-router';

import { RequireRole } from '../features/auth/components/require-role';
import { CompanyDashboardPage } from '../routes/company/company-dashboard-page';
import { CompanyLayout } from '../routes/company/company-layout';
import { ContributorDashboardPage } from '../routes/contributor/contributor-dashboard-page';
import { ContributorLayout } from '../routes/contributor/contributor-layout';
import { ContributorProfilePage } from '../routes/contributor/contributor-profile-page';
import { IssueDetailPage } from '../routes/contributor/issue-detail-page';
import { ProfileSettingsPage } from '../routes/contributor/profile-settings-page';
import { ResolveIssuePage } from '../routes/contributor/resolve-issue-page';
import { BountyIssuesPage } from '../routes/maintainer/bounty-issues-page';
import { DocsPage } from '../routes/maintainer/docs-page';
import { IntegrationsPage } from '../routes/maintainer/integrations-page';
import { NewIssuePage } from '../routes/maintainer/new-issue-page';
import { OpenIssuePage } from '../routes/maintainer/open-issue-page';
import { OrganizationSettingsPage } from '../routes/maintainer/organization-settings-page';
import { PullRequestsPage } from '../routes/maintainer/pull-requests-page';
import { ReferralsPage } from '../routes/maintainer/referrals-page';
import { ReportsPage } from '../routes/maintainer/reports-page';
import { RepositoriesPage } from '../routes/maintainer/repositories-page';
import { RepositoryIssuesPage } from '../routes/maintainer/repository-issues-page';
import { SupportPage } from '../routes/maintainer/support-page';
import { MaintainerLayout } from '../routes/maintainer/maintainer-layout';
import { LandingPage } from '../routes/public/landing/landing-page';
import { LoginPage } from '../routes/public/login-page';
import { PublicLayout } from '../routes/public/public-layout';
import { PublicProfilePage } from '../routes/public/public-profile-page';
import { SignUpPage } from '../routes/public/sign-up-page';
import { RootLayout } from './root-layout';
import { RouteError } from './route-error';

/**
 * Route table (spec 000 s2, spec 001 s2.1). Areas are guarded by role; inside the contributor
 * and maintainer areas any unknown path goes to the area's dashboard; any other unknown path
 * goes to /. The public profile lives under /contributor but is for everyone (settings calls it
 * how maintainers and recruiters see you), so it sits outside the contributor guard; the router
 * prefers its longer path to the area's catch-all.
 */
export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <RouteError />,
    children: [
      { path: '/', element: <LandingPage /> },
      { path: '/login', element: <LoginPage /> },
      { path: '/signUp', element: <SignUpPage /> },
      {
        element: <PublicLayout />,
        children: [{ path: '/contributor/profile/:id/public', element: <PublicProfilePage /> }],
      },
      {
        path: '/contributor',
        element: (
          <RequireRole allowed={['contributor']} loadingLabel="Loading your dashboard...">
            <ContributorLayout />
          </RequireRole>
        ),
        children: [
          { path: 'dashboard', element: <ContributorDashboardPage /> },
          { path: 'issue/:issueId', element: <IssueDetailPage /> },
          { path: 'issue/:owner/:repo/:number', element: <ResolveIssuePage /> },
          { path: 'profile', element: <ContributorProfilePage /> },
          { path: 'settings', element: <ProfileSettingsPage /> },
          { index: true, element: <Navigate to="/contributor/dashboard" replace /> },
          { path: '*', element: <Navigate to="/contributor/dashboard" replace /> },
        ],
      },
      {
        path: '/maintainer',
        element: (
          <RequireRole allowed={['maintainer']}>
            <MaintainerLayout />
          </RequireRole>
        ),
        children: [
          { path: 'dashboard', element: <RepositoriesPage /> },
          { path: 'new-issue', element: <NewIssuePage /> },
          { path: 'open-issue/:number', element: <OpenIssuePage /> },
          { path: 'bounty-issues', element: <BountyIssuesPage /> },
          { path: 'repo/:owner/:repo/issues', element: <PullRequestsPage /> },
          { path: 'repo/:owner/:repo/prs', element: <RepositoryIssuesPage /> },
          { path: 'org-settings/config', element: <OrganizationSettingsPage /> },
          { path: 'org-settings/api-keys', element: <OrganizationSettingsPage /> },
          { path: 'docs', element: <DocsPage /> },
          { path: 'integrations', element: <IntegrationsPage /> },
          { path: 'referrals', element: <ReferralsPage /> },
          { path: 'reports', element: <ReportsPage /> },
          { path: 'support', element: <SupportPage /> },
          { index: true, element: <Navigate to="/maintainer/dashboard" replace /> },
          { path: '*', element: <Navigate to="/maintainer/dashboard" replace /> },
        ],
      },
      {
        path: '/company/dashboard',
        element: (
          <RequireRole allowed={['company']}>
            <CompanyLayout />
          </RequireRole>
        ),
        children: [{ index: true, element: <CompanyDashboardPage /> }],
      },
      { path: '*', element: <Navigate to="/" replace /> },
    ],
  },
];
