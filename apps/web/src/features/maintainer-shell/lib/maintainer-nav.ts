import {
  BookOpen,
  Blocks,
  ChartColumn,
  CirclePlus,
  Coins,
  FolderGit2,
  Gift,
  KeyRound,
  LifeBuoy,
  SlidersHorizontal,
  type LucideIcon,
} from 'lucide-react';

export interface MaintainerNavItem {
  label: string;
  to: string;
  icon: LucideIcon;
  /** Other paths that belong to this entry (a repository's pages belong to Repositories). */
  alsoActiveUnder?: readonly string[];
}

const base = '/maintainer';

/** The main links, in order. */
export const MAIN_NAV: readonly MaintainerNavItem[] = [
  {
    label: 'Repositories',
    to: `${base}/dashboard`,
    icon: FolderGit2,
    alsoActiveUnder: [`${base}/repo/`, `${base}/open-issue/`],
  },
  { label: 'Create Issue', to: `${base}/new-issue`, icon: CirclePlus },
  { label: 'Bounty Issues by Me', to: `${base}/bounty-issues`, icon: Coins },
  { label: 'Docs', to: `${base}/docs`, icon: BookOpen },
  { label: 'Integrations', to: `${base}/integrations`, icon: Blocks },
  { label: 'Reports', to: `${base}/reports`, icon: ChartColumn },
];

export const ORGANIZATION_SETTINGS_LABEL = 'Organization Settings';
export const ORGANIZATION_SETTINGS_PREFIX = `${base}/org-settings/`;

/** The collapsible Organization Settings group. */
export const ORGANIZATION_NAV: readonly MaintainerNavItem[] = [
  { label: 'Configuration', to: `${base}/org-settings/config`, icon: SlidersHorizontal },
  { label: 'API Keys', to: `${base}/org-settings/api-keys`, icon: KeyRound },
];

/** The links at the bottom of the sidebar. */
export const BOTTOM_NAV: readonly MaintainerNavItem[] = [
  { label: 'Refer and Earn', to: `${base}/referrals`, icon: Gift },
  { label: 'Docs', to: `${base}/docs`, icon: BookOpen },
  { label: 'Support', to: `${base}/support`, icon: LifeBuoy },
];

const withoutTrailingSlash = (path: string): string =>
  path.length > 1 && path.endsWith('/') ? path.slice(0, -1) : path;

/** Whether `pathname` is the entry's page (or one of the pages it also stands for). */
export function isNavItemActive(pathname: string, item: MaintainerNavItem): boolean {
  const path = withoutTrailingSlash(pathname);
  if (path === item.to) return true;
  return (item.alsoActiveUnder ?? []).some((prefix) => path.startsWith(prefix));
}

/** The Organization Settings group starts open when one of its pages is shown. */
export function isInOrganizationSettings(pathname: string): boolean {
  return pathname.startsWith(ORGANIZATION_SETTINGS_PREFIX);
}
