import { Coins, GitMerge, KeyRound, Rocket, Trophy, Zap, type LucideIcon } from 'lucide-react';

export type DocType = 'tutorial' | 'guide' | 'reference';

export interface DocItem {
  title: string;
  readTime: string;
  type: DocType;
}

export interface DocCategory {
  id: string;
  title: string;
  description: string;
  icon: LucideIcon;
  items: readonly DocItem[];
}

/** The six category cards of the docs page. */
export const DOC_CATEGORIES: readonly DocCategory[] = [
  {
    id: 'getting-started',
    title: 'Getting Started',
    description: 'Set up your maintainer account and publish your first bounty.',
    icon: Rocket,
    items: [
      { title: 'Welcome to OpenStake', readTime: '3 min read', type: 'guide' },
      { title: 'Connect your first repository', readTime: '5 min read', type: 'tutorial' },
      { title: 'Create your first bounty issue', readTime: '6 min read', type: 'tutorial' },
      { title: 'A tour of the maintainer area', readTime: '4 min read', type: 'guide' },
    ],
  },
  {
    id: 'bounties-and-stakes',
    title: 'Bounties & Stakes',
    description: 'How contributors stake coins and how bounties are paid.',
    icon: Coins,
    items: [
      { title: 'How stakes work', readTime: '5 min read', type: 'guide' },
      { title: 'Choosing stake and bounty amounts', readTime: '4 min read', type: 'guide' },
      {
        title: 'Bounty funding and the 5% platform fee',
        readTime: '3 min read',
        type: 'reference',
      },
      {
        title: 'Stake outcomes: accepted, rejected, expired',
        readTime: '6 min read',
        type: 'reference',
      },
    ],
  },
  {
    id: 'reviewing-and-merging',
    title: 'Reviewing & Merging',
    description: 'Review pull requests and reward contributors with merge feedback.',
    icon: GitMerge,
    items: [
      { title: 'Review pull requests in OpenStake', readTime: '5 min read', type: 'tutorial' },
      {
        title: 'Merge feedback: ratings, tags and bonuses',
        readTime: '7 min read',
        type: 'reference',
      },
      { title: 'How XP and coins are calculated', readTime: '6 min read', type: 'reference' },
      { title: 'Linking pull requests to issues', readTime: '3 min read', type: 'guide' },
    ],
  },
  {
    id: 'organization-and-api-keys',
    title: 'Organization & API Keys',
    description: 'Repository context, organization settings and API keys.',
    icon: KeyRound,
    items: [
      {
        title: 'Generate context from your repositories',
        readTime: '5 min read',
        type: 'tutorial',
      },
      { title: 'Create and manage API keys', readTime: '4 min read', type: 'tutorial' },
      { title: 'Organization settings reference', readTime: '6 min read', type: 'reference' },
    ],
  },
  {
    id: 'automation',
    title: 'Automation & Integrations',
    description: 'GitHub Actions, webhooks and the OpenStake API.',
    icon: Zap,
    items: [
      { title: 'Set up the GitHub Actions workflow', readTime: '8 min read', type: 'tutorial' },
      { title: 'Issue comment API', readTime: '5 min read', type: 'reference' },
      { title: 'Webhooks and automatic stake settlement', readTime: '6 min read', type: 'guide' },
    ],
  },
  {
    id: 'contributors-and-ranks',
    title: 'Contributors & Ranks',
    description: 'Ranks, XP and attracting contributors to your project.',
    icon: Trophy,
    items: [
      { title: 'Ranks and XP thresholds', readTime: '4 min read', type: 'reference' },
      { title: 'Attract contributors with bounties', readTime: '5 min read', type: 'guide' },
      { title: 'Reading contributor profiles', readTime: '4 min read', type: 'guide' },
    ],
  },
];

export const DOC_TYPE_LABELS: Readonly<Record<DocType, string>> = {
  tutorial: 'Tutorial',
  guide: 'Guide',
  reference: 'Reference',
};

export interface QuickLink {
  label: string;
  to: string;
  /** Served by the API server rather than the app: opened in a new tab. */
  external?: boolean;
}

export const QUICK_LINKS: readonly QuickLink[] = [
  { label: 'Connect repositories', to: '/maintainer/dashboard' },
  { label: 'Create a bounty issue', to: '/maintainer/new-issue' },
  { label: 'Manage API keys', to: '/maintainer/org-settings/api-keys' },
  { label: 'API reference', to: '/api/docs', external: true },
];
