/**
 * Marketing copy for the landing page. Everything here is static: the sample
 * profile is illustrative and every navigation and footer link is a placeholder with no target.
 * Figures the app also uses (the bounty fee, the rank ranges) come from the same source as the app.
 */

import { BOUNTY_FEE_PERCENT } from '@openstake/core';

import { LANDING_RANKS } from './landing-ranks';

const FEE = `${String(BOUNTY_FEE_PERCENT)}%`;

/** 'Rookie (0-100), Builder (100-500), ... and Open Source Legend (5,000+)'. */
const RANK_RANGES_TEXT = (() => {
  const parts = LANDING_RANKS.map((rank) => `${rank.name} (${rank.range})`);
  return `${parts.slice(0, -1).join(', ')} and ${parts.at(-1) ?? ''}`;
})();

export interface NavMenu {
  label: string;
  items: readonly string[];
}

export const NAV_MENUS: readonly NavMenu[] = [
  {
    label: 'Solutions',
    items: ['For Contributors', 'For Maintainers', 'For Organizations', 'For Recruiters'],
  },
  {
    label: 'Developer',
    items: ['API Documentation', 'GitHub Integration', 'Webhooks', 'SDKs & Tools', 'Status Page'],
  },
  {
    label: 'Resources',
    items: ['Blog', 'Help Center', 'Community Forum', 'Best Practices', 'Case Studies', 'Webinars'],
  },
];

export const NAV_LINKS: readonly string[] = ['Enterprise', 'Templates', 'Pricing'];

export type SampleStakeStatus = 'Merged' | 'Under review' | 'Ready to stake';

export const SAMPLE_PROFILE = {
  name: 'Maya Chen',
  login: 'mayacodes',
  // Rank, next rank and progress are derived from the XP by the app's own rank table.
  xp: 2340,
  coins: 1250,
  stakes: [
    { title: 'Fix race condition in cache invalidation', status: 'Merged', coins: 45 },
    { title: 'Add keyboard navigation to the date picker', status: 'Under review', coins: 20 },
    { title: 'Improve CLI error messages', status: 'Ready to stake', coins: 15 },
  ] satisfies { title: string; status: SampleStakeStatus; coins: number }[],
} as const;

export const XP_SOURCES: readonly { title: string; description: string }[] = [
  {
    title: 'Merged pull requests',
    description: 'Every merged pull request earns XP, more for bounty-backed work.',
  },
  {
    title: 'Maintainer feedback',
    description: 'Maintainers rate quality, documentation, tests, performance and security.',
  },
  {
    title: 'Issue complexity',
    description: 'Harder issues and changes that touch more of the codebase are worth more.',
  },
  {
    title: 'Community endorsements',
    description: 'Recognition from other developers adds to your standing.',
  },
];

export interface PricingPlan {
  name: string;
  price: string;
  cadence: string;
  note: string;
  features: readonly string[];
  cta: string;
  featured?: boolean;
}

export const PRICING_PLANS: readonly PricingPlan[] = [
  {
    name: 'Contributors',
    price: 'Free',
    cadence: 'forever',
    note: '100 coins every month',
    features: [
      '100 virtual coins every month',
      'Buy extra coins when you run out',
      'Stake on any bounty issue',
      'Public profile with XP and rank',
    ],
    cta: 'Start for free',
  },
  {
    name: 'Maintainers & Organizations',
    price: '$29',
    cadence: '/month',
    note: 'after your first month free',
    features: [
      'One month free',
      `${FEE} fee on bounties`,
      'Optional premium promotions',
      'Prioritized pull request dashboard',
      'Bounty posting and management',
      'Analytics',
    ],
    cta: 'Start your free month',
    featured: true,
  },
  {
    name: 'Recruiters',
    price: '$59',
    cadence: '/month',
    note: 'plus a hiring cost per recruit',
    features: [
      'Access to contributor profiles',
      'Advanced search and filtering',
      'Skills analytics',
      'Direct contact with contributors',
      'Priority job posting',
    ],
    cta: 'Start hiring',
  },
];

export const PROBLEMS: readonly { audience: string; problem: string; solution: string }[] = [
  {
    audience: 'Maintainers',
    problem: 'Low-effort pull requests eat up review time.',
    solution:
      'A stake on every pull request means contributors arrive committed, and a per-repository deduction limit keeps it fair.',
  },
  {
    audience: 'Contributors',
    problem: 'Good open-source work goes unnoticed.',
    solution:
      'Every merged pull request earns coins and XP, and your rank and history live on a public profile.',
  },
  {
    audience: 'Organizations',
    problem: 'Bounties attract noise instead of results.',
    solution:
      'Post bounty issues with a stake requirement, so the people who show up are the ones ready to deliver.',
  },
  {
    audience: 'Recruiters',
    problem: 'A résumé cannot show how someone really codes.',
    solution:
      'Search contributors by language, project type, XP level, contribution history and skill tags.',
  },
];

export const OUTCOMES: readonly {
  title: string;
  result: string;
  detail: string;
  tone: 'success' | 'warning' | 'neutral';
}[] = [
  {
    title: 'Merged',
    result: 'Stake returned + bounty + bonus coins',
    detail:
      'Your full stake comes back, you earn the bounty if there is one, plus bonus coins and XP.',
    tone: 'success',
  },
  {
    title: 'Reviewed but not merged',
    result: 'Small, capped deduction; the rest refunded',
    detail:
      'Only a small part of the stake is kept, capped by a limit the maintainer sets per repository (typically 10-20%).',
    tone: 'warning',
  },
  {
    title: 'Not reviewed',
    result: 'Full refund',
    detail: 'If nobody reviews your pull request, every coin of your stake comes back.',
    tone: 'neutral',
  },
];

export const FAQS: readonly { id: string; question: string; answer: string }[] = [
  {
    id: 'staking',
    question: 'How does staking work?',
    answer:
      'Pick a bounty issue, open a pull request for it and stake the fixed number of virtual coins the issue asks for. The stake is held until your pull request is settled. It tells maintainers you are serious, and it is what unlocks the bounty and bonus coins when your work is merged.',
  },
  {
    id: 'refund',
    question: 'Do I get my stake back?',
    answer:
      'Yes, in most cases. A merged pull request returns the full stake plus the bounty (if any) and bonus coins. A pull request that is closed without any review is refunded in full, and so is one still undecided after 30 days. Only a pull request that is reviewed but not merged loses a small, capped part of the stake.',
  },
  {
    id: 'xp-ranks',
    question: 'How do XP and ranks work?',
    answer: `You earn XP from merged pull requests, maintainer feedback, issue complexity and community endorsements. Your rank follows from your XP: ${RANK_RANGES_TEXT}. Merged pull requests you already have count toward your starting XP.`,
  },
  {
    id: 'loss-limit',
    question: 'What is the most I can lose on a stake?',
    answer:
      'Only the deduction the repository has set, and only when your pull request was reviewed but not merged. Each maintainer sets that limit per repository, typically 10-20% of the stake, and the rest is refunded. You never lose more than that part of your stake, and coins are virtual: no real money is at risk.',
  },
  {
    id: 'revenue',
    question: 'How does OpenStake make money?',
    answer: `Contributors use OpenStake for free with 100 coins a month and can buy extra coins when they run out. Maintainers and organizations pay $29 a month after a free first month, plus a ${FEE} fee on bounties and optional premium promotions. Recruiters pay $59 a month plus a hiring cost per recruit.`,
  },
  {
    id: 'recruiters',
    question: 'How do recruiters find contributors?',
    answer:
      'Recruiters search contributor profiles and filter by language, project type, XP level, contribution history and skill tags. Profiles show real, merged work and maintainer feedback instead of self-reported skills, and recruiters can contact contributors directly.',
  },
  {
    id: 'different',
    question: 'How is OpenStake different from other bounty platforms?',
    answer:
      'Contributors put skin in the game. A small stake filters out low-effort pull requests, the outcomes are clear and capped, and XP is earned from merged work and maintainer feedback rather than volume. Maintainers get fewer, better pull requests; contributors get a reputation that travels with them.',
  },
  {
    id: 'getting-started',
    question: 'How do I get started?',
    answer:
      'Sign up, choose whether you are a contributor, a maintainer or a company, and add your GitHub username. Contributors start with 100 free virtual coins, browse suggested issues and stake on their first one. Maintainers connect repositories and post bounty issues; companies start browsing contributors.',
  },
];

export const FOOTER_COLUMNS: readonly { title: string; links: readonly string[] }[] = [
  { title: 'Product', links: ['Virtual Currency', 'XP Ranking', 'Bounty System'] },
  { title: 'For', links: ['Contributors', 'Maintainers', 'Organizations', 'Recruiters'] },
  { title: 'Support', links: ['Help Center', 'Documentation', 'Contact', 'Status'] },
];

export const LEGAL_LINKS: readonly string[] = [
  'Privacy Policy',
  'Terms of Service',
  'Cookie Policy',
];
