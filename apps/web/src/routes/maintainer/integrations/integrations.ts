import {
  GitBranch,
  Hash,
  ListChecks,
  MessagesSquare,
  SquareKanban,
  type LucideIcon,
} from 'lucide-react';

import { GithubIcon } from '@/features/github/components/github-icon';

export interface Integration {
  id: 'github' | 'gitlab' | 'slack' | 'discord' | 'jira' | 'linear';
  name: string;
  category: string;
  description: string;
  icon: LucideIcon;
  /** Locked behind the premium plan, which nobody can buy yet. */
  premium: boolean;
}

/** GitHub, then the locked ones. */
export const INTEGRATIONS: readonly Integration[] = [
  {
    id: 'github',
    name: 'GitHub',
    category: 'Code hosting',
    description:
      'Repositories, pull requests and issues, with stakes settled from merge and review events.',
    icon: GithubIcon,
    premium: false,
  },
  {
    id: 'gitlab',
    name: 'GitLab',
    category: 'Code hosting',
    description: 'Bring bounties and stakes to GitLab projects and merge requests.',
    icon: GitBranch,
    premium: true,
  },
  {
    id: 'slack',
    name: 'Slack',
    category: 'Communication',
    description: 'Post new bounty issues and merged pull requests to a Slack channel.',
    icon: Hash,
    premium: true,
  },
  {
    id: 'discord',
    name: 'Discord',
    category: 'Communication',
    description: 'Announce bounties and contributor rewards in your Discord server.',
    icon: MessagesSquare,
    premium: true,
  },
  {
    id: 'jira',
    name: 'Jira',
    category: 'Project management',
    description: 'Link bounty issues to Jira tickets and keep their status in sync.',
    icon: SquareKanban,
    premium: true,
  },
  {
    id: 'linear',
    name: 'Linear',
    category: 'Project management',
    description: 'Create bounty issues from Linear issues and track their progress.',
    icon: ListChecks,
    premium: true,
  },
];

/** Integrations whose name, category or description contains the search, ignoring case. */
export function filterIntegrations(
  integrations: readonly Integration[],
  query: string,
): Integration[] {
  const needle = query.trim().toLowerCase();
  if (needle === '') return [...integrations];
  return integrations.filter((integration) =>
    [integration.name, integration.category, integration.description].some((text) =>
      text.toLowerCase().includes(needle),
    ),
  );
}
