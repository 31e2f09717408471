// The contributor area's screens, one chunk: app/routes.tsx imports this module lazily, so the
// landing page and the other areas never download them.
export { ContributorDashboardPage } from './contributor-dashboard-page';
export { ContributorLayout } from './contributor-layout';
export { ContributorProfilePage } from './contributor-profile-page';
export { IssueDetailPage } from './issue-detail-page';
export { ProfileSettingsPage } from './profile-settings-page';
export { ResolveIssuePage } from './resolve-issue-page';
