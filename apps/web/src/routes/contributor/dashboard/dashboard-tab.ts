/** The dashboard's tabs, kept in the URL as ?tab= so a link (or a finished stake) can open one. */
export const DASHBOARD_TABS = ['overview', 'issues', 'stakes', 'messages'] as const;
export type DashboardTab = (typeof DASHBOARD_TABS)[number];

export const DEFAULT_DASHBOARD_TAB: DashboardTab = 'overview';

export function isDashboardTab(value: string | null): value is DashboardTab {
  return value !== null && (DASHBOARD_TABS as readonly string[]).includes(value);
}

/** The tab named by ?tab=, or Overview for a missing or unknown one. */
export function parseDashboardTab(value: string | null): DashboardTab {
  return isDashboardTab(value) ? value : DEFAULT_DASHBOARD_TAB;
}

/** The search string with ?tab= set, every other parameter kept. */
export function withDashboardTab(search: URLSearchParams, tab: DashboardTab): URLSearchParams {
  const next = new URLSearchParams(search);
  next.set('tab', tab);
  return next;
}

/** The dashboard's address with a tab open: '/contributor/dashboard?tab=messages'. */
export function dashboardTabPath(tab: DashboardTab): string {
  return `/contributor/dashboard?${withDashboardTab(new URLSearchParams(), tab).toString()}`;
}
