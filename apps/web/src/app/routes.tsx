import { Navigate, type RouteObject } from 'react-router';

import { RequireRole } from '../features/auth/components/require-role';
import { CompanyDashboardPage } from '../routes/company/company-dashboard-page';
import { CompanyLayout } from '../routes/company/company-layout';
import { ContributorDashboardPage } from '../routes/contributor/contributor-dashboard-page';
import { ContributorLayout } from '../routes/contributor/contributor-layout';
import { ContributorProfilePage } from '../routes/contributor/contributor-profile-page';
import { IssueDetailPage } from '../routes/contributor/issue-detail-page';
import { ProfileSettingsPage } from '../routes/contributor/profile-settings-page';
import { PublicProfilePage } from '../routes/contributor/public-profile-page';
import { MaintainerDashboardPage } from '../routes/maintainer/maintainer-dashboard-page';
import { MaintainerLayout } from '../routes/maintainer/maintainer-layout';
import { LandingPage } from '../routes/public/landing/landing-page';
import { LoginPage } from '../routes/public/login-page';
import { SignUpPage } from '../routes/public/sign-up-page';
import { RootLayout } from './root-layout';
import { RouteError } from './route-error';

/**
 * Route table (spec 000 s2, spec 001 s2.1). Areas are guarded by role; inside the contributor
 * and maintainer areas any unknown path goes to the area's dashboard; any other unknown path
 * goes to /.
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
        path: '/contributor',
        element: (
          <RequireRole allowed={['contributor']} loadingLabel="Loading your dashboard...">
            <ContributorLayout />
          </RequireRole>
        ),
        children: [
          { path: 'dashboard', element: <ContributorDashboardPage /> },
          { path: 'issue/:issueId', element: <IssueDetailPage /> },
          { path: 'profile', element: <ContributorProfilePage /> },
          { path: 'profile/:id/public', element: <PublicProfilePage /> },
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
          { path: 'dashboard', element: <MaintainerDashboardPage /> },
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
