// The maintainer area's screens, one chunk: app/routes.tsx imports this module lazily, so the
// landing page and the other areas never download them.
export { BountyIssuesPage } from './bounty-issues-page';
export { DocsPage } from './docs-page';
export { IntegrationsPage } from './integrations-page';
export { MaintainerLayout } from './maintainer-layout';
export { NewIssuePage } from './new-issue-page';
export { OpenIssuePage } from './open-issue-page';
export { OrganizationSettingsPage } from './organization-settings-page';
export { PullRequestsPage } from './pull-requests-page';
export { ReferralsPage } from './referrals-page';
export { ReportsPage } from './reports-page';
export { RepositoriesPage } from './repositories-page';
export { RepositoryIssuesPage } from './repository-issues-page';
export { SupportPage } from './support-page';
