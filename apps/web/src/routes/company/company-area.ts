// The company area's screens, one chunk: app/routes.tsx imports this module lazily, so the
// landing page and the other areas never download them.
export { CompanyDashboardPage } from './company-dashboard-page';
export { CompanyLayout } from './company-layout';
export { CompanyMessagesPage } from './company-messages-page';
export { CompanySettingsPage } from './company-settings-page';
