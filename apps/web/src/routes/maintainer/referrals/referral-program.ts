import { formatNumber } from '@openstake/core';

/**
 * Refer and earn. The program is not live: the tiers and payout rules are
 * the product's, everything else on the page is sample data, marked as such.
 */
export interface RewardTier {
  /** Converted referrals from which the tier applies (inclusive). */
  from: number;
  /** Last converted referral of the tier (inclusive); null for the open-ended top tier. */
  to: number | null;
  /** Dollars per converted referral. */
  reward: number;
}

export const REWARD_TIERS: readonly RewardTier[] = [
  { from: 1, to: 5, reward: 30 },
  { from: 6, to: 15, reward: 40 },
  { from: 16, to: null, reward: 50 },
];

export const MINIMUM_PAYOUT_DOLLARS = 50;

export function tierLabel(tier: RewardTier): string {
  return tier.to === null
    ? `${String(tier.from)}+ referrals`
    : `${String(tier.from)}-${String(tier.to)} referrals`;
}

/** The tier a count of converted referrals is in; none below the first referral. */
export function tierFor(converted: number): RewardTier | null {
  return (
    REWARD_TIERS.find(
      (tier) => converted >= tier.from && (tier.to === null || converted <= tier.to),
    ) ?? null
  );
}

/** Total dollars earned: each referral pays the rate of the tier it falls in. */
export function totalReward(converted: number): number {
  let total = 0;
  for (let n = 1; n <= converted; n += 1) total += tierFor(n)?.reward ?? 0;
  return total;
}

export const formatDollars = (amount: number): string => `$${formatNumber(amount)}`;

export type ReferralStatus = 'Converted' | 'Pending' | 'Signed Up';

export interface ReferralEntry {
  email: string;
  status: ReferralStatus;
  signupDate: string;
  /** Dollars; 0 until the referral converts. */
  reward: number;
  plan: string;
}

export const SAMPLE_REFERRAL_CODE = 'SAMPLE-8F3K2Q';

export function referralLink(origin: string, code: string): string {
  return `${origin}/signUp?${new URLSearchParams({ ref: code }).toString()}`;
}

export const SAMPLE_REFERRALS: readonly ReferralEntry[] = [
  {
    email: 'a***@acme-labs.dev',
    status: 'Converted',
    signupDate: '2025-06-02',
    reward: 40,
    plan: 'Maintainer',
  },
  {
    email: 'j***@opencollective.example',
    status: 'Pending',
    signupDate: '2025-05-28',
    reward: 0,
    plan: 'Maintainer (trial)',
  },
  {
    email: 'r***@hire.example',
    status: 'Converted',
    signupDate: '2025-05-19',
    reward: 40,
    plan: 'Recruiter',
  },
  {
    email: 's***@example.org',
    status: 'Signed Up',
    signupDate: '2025-05-11',
    reward: 0,
    plan: 'Free',
  },
  {
    email: 'm***@devtools.example',
    status: 'Converted',
    signupDate: '2025-04-30',
    reward: 40,
    plan: 'Maintainer',
  },
  {
    email: 'k***@example.com',
    status: 'Pending',
    signupDate: '2025-04-22',
    reward: 0,
    plan: 'Maintainer (trial)',
  },
];

/** The sample figures: 12 referrals, 8 of them converted, so 5 x $30 + 3 x $40. */
export const SAMPLE_STATS = {
  total: 12,
  converted: 8,
  pending: 2,
  /** The sample progress: 8 of 15. */
  progressGoal: 15,
} as const;
