import { DEMO_MAILBOX_PATH, NOTIFICATION_SETTINGS_PATH, type Role } from '@openstake/core';
import { Suspense, type ComponentType } from 'react';
import { matchPath, Navigate, type RouteObject } from 'react-router';

import { PageLoading } from '@/components/page-loading';
import { RequireRole } from '@/features/auth/components/require-role';
import { LandingPage } from '@/routes/public/landing/landing-page';
import { PublicLayout } from '@/routes/public/public-layout';
import { NotificationSettingsRedirect } from '@/routes/public/notification-settings-redirect';
import { lazyModule } from '@/lib/lazy-module';
import { lazyComponent } from './lazy-component';
import { RootLayout } from './root-layout';
import { RouteError } from './route-error';

// Only the landing page is in the first download. Each area is one chunk, fetched the first time
// one of its screens renders; the other public pages are a chunk each.
const contributorArea = lazyModule(() => import('@/routes/contributor/contributor-area'));
const maintainerArea = lazyModule(() => import('@/routes/maintainer/maintainer-area'));
const companyArea = lazyModule(() => import('@/routes/company/company-area'));
const loginPage = lazyModule(() => import('@/routes/public/login-page'));
const signUpPage = lazyModule(() => import('@/routes/public/sign-up-page'));
const forgotPasswordPage = lazyModule(() => import('@/routes/public/forgot-password-page'));
const resetPasswordPage = lazyModule(() => import('@/routes/public/reset-password-page'));
const verifyEmailPage = lazyModule(() => import('@/routes/public/verify-email-page'));
const connectWalletPage = lazyModule(() => import('@/routes/public/connect-wallet-page'));
const publicProfilePage = lazyModule(() => import('@/routes/public/public-profile-page'));
const demoMailboxPage = lazyModule(() => import('@/routes/public/demo-mailbox-page'));

/** The public profile sits under /contributor, outside the contributor area (below). */
const PUBLIC_PROFILE_PATH = '/contributor/profile/:id/public';

/**
 * Downloads the code of the page at `pathname` (its area, or its own chunk), so main.tsx can
 * ask for it at start: alongside the session instead of after it, and before hydrating a
 * prerendered page. The role guard still decides what shows; a visitor it sends away has
 * fetched the chunk for nothing. Resolves once the code is there (or could not be had: the
 * page shows the failure when it renders).
 */
export async function loadPageCode(pathname: string): Promise<void> {
  await pageModuleOf(pathname)?.().catch(() => undefined);
}

function pageModuleOf(pathname: string): (() => Promise<unknown>) | undefined {
  if (matchPath(PUBLIC_PROFILE_PATH, pathname)) return publicProfilePage;
  if (pathname === '/login') return loginPage;
  if (pathname === '/signUp') return signUpPage;
  if (pathname === '/forgot-password') return forgotPasswordPage;
  if (pathname === '/reset-password') return resetPasswordPage;
  if (pathname === '/verify-email') return verifyEmailPage;
  if (pathname === '/connect-wallet') return connectWalletPage;
  if (pathname === DEMO_MAILBOX_PATH) return demoMailboxPage;
  const area = /^\/(contributor|maintainer|company)(?:\/|$)/.exec(pathname)?.[1];
  if (area === 'contributor') return contributorArea;
  if (area === 'maintainer') return maintainerArea;
  if (area === 'company') return companyArea;
  return undefined;
}

const LoginPage = lazyComponent(loginPage, 'LoginPage');
const SignUpPage = lazyComponent(signUpPage, 'SignUpPage');
const ForgotPasswordPage = lazyComponent(forgotPasswordPage, 'ForgotPasswordPage');
const ResetPasswordPage = lazyComponent(resetPasswordPage, 'ResetPasswordPage');
const VerifyEmailPage = lazyComponent(verifyEmailPage, 'VerifyEmailPage');
const ConnectWalletPage = lazyComponent(connectWalletPage, 'ConnectWalletPage');
const PublicProfilePage = lazyComponent(publicProfilePage, 'PublicProfilePage');
const DemoMailboxPage = lazyComponent(demoMailboxPage, 'DemoMailboxPage');

const ContributorLayout = lazyComponent(contributorArea, 'ContributorLayout');
const ContributorDashboardPage = lazyComponent(contributorArea, 'ContributorDashboardPage');
const IssueDetailPage = lazyComponent(contributorArea, 'IssueDetailPage');
const ResolveIssuePage = lazyComponent(contributorArea, 'ResolveIssuePage');
const ContributorProfilePage = lazyComponent(contributorArea, 'ContributorProfilePage');
const ProfileSettingsPage = lazyComponent(contributorArea, 'ProfileSettingsPage');

const MaintainerLayout = lazyComponent(maintainerArea, 'MaintainerLayout');
const RepositoriesPage = lazyComponent(maintainerArea, 'RepositoriesPage');
const NewIssuePage = lazyComponent(maintainerArea, 'NewIssuePage');
const OpenIssuePage = lazyComponent(maintainerArea, 'OpenIssuePage');
const BountyIssuesPage = lazyComponent(maintainerArea, 'BountyIssuesPage');
const PullRequestsPage = lazyComponent(maintainerArea, 'PullRequestsPage');
const RepositoryIssuesPage = lazyComponent(maintainerArea, 'RepositoryIssuesPage');
const OrganizationSettingsPage = lazyComponent(maintainerArea, 'OrganizationSettingsPage');
const DocsPage = lazyComponent(maintainerArea, 'DocsPage');
const IntegrationsPage = lazyComponent(maintainerArea, 'IntegrationsPage');
const ReferralsPage = lazyComponent(maintainerArea, 'ReferralsPage');
const ReportsPage = lazyComponent(maintainerArea, 'ReportsPage');
const SupportPage = lazyComponent(maintainerArea, 'SupportPage');

const CompanyLayout = lazyComponent(companyArea, 'CompanyLayout');
const CompanyDashboardPage = lazyComponent(companyArea, 'CompanyDashboardPage');
const CompanyMessagesPage = lazyComponent(companyArea, 'CompanyMessagesPage');
const CompanySettingsPage = lazyComponent(companyArea, 'CompanySettingsPage');

/**
 * An area behind its role guard. The loading state shows while the session loads, then while
 * the area's chunk downloads (a new boundary shows its fallback even during a navigation).
 */
function guardedArea(allowed: Role[], Layout: ComponentType, loadingLabel?: string) {
  return (
    <RequireRole allowed={allowed} loadingLabel={loadingLabel}>
      <Suspense fallback={<PageLoading label={loadingLabel} />}>
        <Layout />
      </Suspense>
    </RequireRole>
  );
}

/**
 * Route table. Areas are guarded by role; inside the contributor,
 * maintainer and company areas any unknown path goes to the area's dashboard; any other unknown
 * path goes to /. The public profile lives under /contributor but is for everyone (settings calls it
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
      // The pages the mailed links open, and the one that mails a reset link.
      { path: '/forgot-password', element: <ForgotPasswordPage /> },
      { path: '/reset-password', element: <ResetPasswordPage /> },
      { path: '/verify-email', element: <VerifyEmailPage /> },
      {
        element: <PublicLayout />,
        children: [
          { path: PUBLIC_PROFILE_PATH, element: <PublicProfilePage /> },
          // Signed-in contributors and maintainers; the page sends anyone else to sign in first.
          { path: '/connect-wallet', element: <ConnectWalletPage /> },
          // Demo mode's mailbox, open to anyone (the page says when there is none).
          { path: DEMO_MAILBOX_PATH, element: <DemoMailboxPage /> },
        ],
      },
      // Where a notification mail's List-Unsubscribe leads: the account's own settings page.
      { path: NOTIFICATION_SETTINGS_PATH, element: <NotificationSettingsRedirect /> },
      {
        path: '/contributor',
        element: guardedArea(['contributor'], ContributorLayout, 'Loading your dashboard...'),
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
        element: guardedArea(['maintainer'], MaintainerLayout),
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
        path: '/company',
        element: guardedArea(['company'], CompanyLayout),
        children: [
          { path: 'dashboard', element: <CompanyDashboardPage /> },
          { path: 'messages', element: <CompanyMessagesPage /> },
          { path: 'settings', element: <CompanySettingsPage /> },
          { index: true, element: <Navigate to="/company/dashboard" replace /> },
          { path: '*', element: <Navigate to="/company/dashboard" replace /> },
        ],
      },
      { path: '*', element: <Navigate to="/" replace /> },
    ],
  },
];
