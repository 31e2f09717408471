import type { DirectoryContributor, DirectoryProfile, VerifiedWork } from '@openstake/core';

/** A directory row, as the server sends it. */
export const directoryRow = (
  n: number,
  overrides: Partial<DirectoryContributor> = {},
): DirectoryContributor => ({
  id: `user-${String(n)}`,
  githubUsername: `dev-${String(n)}`,
  name: `Dev Number ${String(n)}`,
  rank: 'Code Apprentice',
  xp: 100 + n,
  repositories: 2,
  xpMaintainers: 2,
  xpRepositories: 3,
  languages: ['TypeScript'],
  isActive: true,
  lastActiveAt: '2026-03-01T09:00:00.000Z',
  ...overrides,
});

export const verifiedWork = (overrides: Partial<VerifiedWork> = {}): VerifiedWork => ({
  stakeId: 'stake-1',
  repository: 'acme/widgets',
  prNumber: 42,
  prUrl: 'https://github.com/acme/widgets/pull/42',
  issueTitle: 'Fix the flaky login test',
  mergedAt: '2026-02-20T12:00:00.000Z',
  xpEarned: 37,
  coinsEarned: 74,
  mergedBy: 'mia-maintainer',
  feedback: {
    ratings: { codeQuality: 5, documentation: 3, testing: 4, performance: 2, security: 1 },
    tags: ['bugFix', 'docs'],
  },
  ...overrides,
});

export const directoryProfile = (overrides: Partial<DirectoryProfile> = {}): DirectoryProfile => ({
  ...directoryRow(1),
  xp: 131,
  email: null,
  emailVerified: true,
  bio: null,
  joinedAt: '2025-11-03T10:00:00.000Z',
  coins: 260,
  weeklyCoinsEarned: 74,
  contactable: true,
  githubUrl: 'https://github.com/dev-1',
  recentStakes: [
    {
      id: 'stake-1',
      issueTitle: 'Fix the flaky login test',
      repository: 'acme/widgets',
      status: 'accepted',
      amount: 10,
      coinsEarned: 74,
      xpEarned: 37,
      coinsLost: 0,
      createdAt: '2026-02-18T12:00:00.000Z',
      prUrl: 'https://github.com/acme/widgets/pull/42',
    },
  ],
  verifiedWork: [verifiedWork()],
  ...overrides,
});
