import { z } from 'zod';
import { FEEDBACK_TAG_IDS, ratingsSchema } from './merge-feedback';
import { RANK_NAMES, type RankName } from './ranks';

/*
 * The company hire directory on the real contributors in the database: the
 * list with its filters and three stats, a contributor's profile with the verified work record
 * (every number links to the work that earned it), and their GitHub details read through the
 * server. Contributors choose whether they are listed, whether companies see their email and
 * whether companies may contact them (contributorPrivacySchema in messages.ts); a hidden
 * contributor is absent from every answer, not masked.
 */

const rankSchema = z.enum(RANK_NAMES as [RankName, ...RankName[]]);

/** A contributor is active when they used OpenStake (signed in, staked) in the last 30 days. */
export const ACTIVE_WITHIN_DAYS = 30;
export const DIRECTORY_PAGE_SIZE = 20;
export const DIRECTORY_PAGE_MAX = 50;
/** The longest search text and language name the directory accepts. */
export const DIRECTORY_SEARCH_MAX = 100;
export const DIRECTORY_LANGUAGE_MAX = 50;
/** "Has merged work in the last N days": N from 1 to this. */
export const MERGED_WITHIN_MAX_DAYS = 365;
/** The largest 'at least N independent maintainers' the directory's filter offers. */
export const MIN_MAINTAINERS_MAX = 20;

export const DIRECTORY_STATUSES = ['all', 'active', 'inactive'] as const;
export type DirectoryStatus = (typeof DIRECTORY_STATUSES)[number];
export const DIRECTORY_SORTS = ['xp_desc', 'xp_asc', 'recent'] as const;
export type DirectorySort = (typeof DIRECTORY_SORTS)[number];
export const DIRECTORY_SORT_LABELS: Readonly<Record<DirectorySort, string>> = {
  xp_desc: 'XP: High to Low',
  xp_asc: 'XP: Low to High',
  recent: 'Recently active',
};

const wholeNumber = (what: string, min: number, max: number) =>
  z.coerce
    .number({ message: `${what} must be a number` })
    .int(`${what} must be a whole number`)
    .min(min, `${what} must be ${String(min)} or more`)
    .max(max, `${what} must be ${String(max)} or less`);

/** An empty or blank query value (a cleared filter in a shared URL) means the filter is off. */
const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess(
    (v) => (typeof v === 'string' && v.trim() === '' ? undefined : v),
    schema.optional(),
  );

/** GET /api/company/contributors: every filter optional; the cursor is the previous page's. */
export const directoryQuerySchema = z.object({
  /** Matches the GitHub username, the display name, or the email where the contributor shows it. */
  q: optional(
    z
      .string()
      .trim()
      .max(
        DIRECTORY_SEARCH_MAX,
        `Search must be ${String(DIRECTORY_SEARCH_MAX)} characters or less`,
      ),
  ),
  rank: optional(rankSchema),
  status: optional(
    z.enum(DIRECTORY_STATUSES, { message: 'Status must be all, active or inactive' }),
  ),
  language: optional(
    z
      .string()
      .trim()
      .min(1)
      .max(
        DIRECTORY_LANGUAGE_MAX,
        `Language must be ${String(DIRECTORY_LANGUAGE_MAX)} characters or less`,
      ),
  ),
  minXp: optional(wholeNumber('Minimum XP', 0, 1_000_000_000)),
  mergedWithinDays: optional(wholeNumber('Merged within days', 1, MERGED_WITHIN_MAX_DAYS)),
  /** At least this many distinct maintainers gave XP that counts (decision 012). */
  minMaintainers: optional(wholeNumber('Minimum maintainers', 1, MIN_MAINTAINERS_MAX)),
  sort: optional(z.enum(DIRECTORY_SORTS, { message: 'Sort must be xp_desc, xp_asc or recent' })),
  limit: optional(wholeNumber('Limit', 1, DIRECTORY_PAGE_MAX)),
  cursor: optional(z.string().max(200)),
});
export type DirectoryQuery = z.input<typeof directoryQuerySchema>;
export type DirectoryFilters = z.output<typeof directoryQuerySchema>;

export const directoryContributorSchema = z.object({
  id: z.string(),
  githubUsername: z.string(),
  name: z.string().nullable(),
  rank: rankSchema,
  xp: z.number().int(),
  /** Distinct repositories with merged staked work: verified, not GitHub's public_repos. */
  repositories: z.number().int(),
  /**
   * Where the XP came from (decision 012): how many distinct merging maintainers (GitHub
   * accounts) and repositories gave XP that counts. Starting XP from GitHub has neither.
   */
  xpMaintainers: z.number().int(),
  xpRepositories: z.number().int(),
  languages: z.array(z.string()),
  isActive: z.boolean(),
  lastActiveAt: z.string().nullable(),
});
export type DirectoryContributor = z.infer<typeof directoryContributorSchema>;

/** "XP from 3 maintainers in 4 repositories", or null before any merge XP counted. */
export function xpProvenance(
  contributor: Pick<DirectoryContributor, 'xpMaintainers' | 'xpRepositories'>,
): string | null {
  const { xpMaintainers: m, xpRepositories: r } = contributor;
  if (m === 0 && r === 0) return null;
  const maintainers = `${String(m)} ${m === 1 ? 'maintainer' : 'maintainers'}`;
  const repositories = `${String(r)} ${r === 1 ? 'repository' : 'repositories'}`;
  return `XP from ${maintainers} in ${repositories}`;
}

export const directoryStatsSchema = z.object({
  /** Contributors matching the filters (every page). */
  total: z.number().int(),
  active: z.number().int(),
  /** Average XP of the matching contributors, rounded; 0 when none match. */
  averageXp: z.number().int(),
});
export type DirectoryStats = z.infer<typeof directoryStatsSchema>;

export const directoryPageSchema = z.object({
  data: z.array(directoryContributorSchema),
  stats: directoryStatsSchema,
  /** The next page's cursor for the same filters and sort; null after the last page. */
  nextCursor: z.string().nullable(),
});
export type DirectoryPage = z.infer<typeof directoryPageSchema>;

/** A merged staked pull request: the verified work record, each entry linking to GitHub. */
export const verifiedWorkSchema = z.object({
  stakeId: z.string(),
  repository: z.string(),
  prNumber: z.number().int(),
  prUrl: z.string(),
  issueTitle: z.string(),
  mergedAt: z.string(),
  xpEarned: z.number().int(),
  coinsEarned: z.number().int(),
  /** The GitHub login of the maintainer who merged it (and gave the ratings); null if unknown. */
  mergedBy: z.string().nullable(),
  /** The maintainer's five ratings and tags; null when it was merged on GitHub without them. */
  feedback: z
    .object({
      ratings: ratingsSchema,
      tags: z.array(z.enum(FEEDBACK_TAG_IDS)),
    })
    .nullable(),
});
export type VerifiedWork = z.infer<typeof verifiedWorkSchema>;

export const directoryStakeSchema = z.object({
  id: z.string(),
  issueTitle: z.string(),
  repository: z.string(),
  status: z.enum(['pending', 'accepted', 'rejected', 'expired']),
  amount: z.number().int(),
  coinsEarned: z.number().int(),
  xpEarned: z.number().int(),
  /** The deduction a rejected stake lost; 0 otherwise. */
  coinsLost: z.number().int(),
  createdAt: z.string(),
  prUrl: z.string(),
});
export type DirectoryStake = z.infer<typeof directoryStakeSchema>;

/** GET /api/company/contributors/{id}: what the profile dialog shows from OpenStake's records. */
export const directoryProfileSchema = directoryContributorSchema.extend({
  /** Only when the contributor lets companies see it. */
  email: z.string().nullable(),
  /**
   * Whether the contributor confirmed `email` by the link mailed to it: an unconfirmed address is
   * shown as such, not as who they are.
   */
  emailVerified: z.boolean(),
  bio: z.string().nullable(),
  joinedAt: z.string(),
  coins: z.number().int(),
  /** Coins earned (merge rewards and bounties) in the last 7 days. */
  weeklyCoinsEarned: z.number().int(),
  /** Whether the contributor accepts messages from companies. */
  contactable: z.boolean(),
  githubUrl: z.string(),
  recentStakes: z.array(directoryStakeSchema),
  verifiedWork: z.array(verifiedWorkSchema),
});
export type DirectoryProfile = z.infer<typeof directoryProfileSchema>;

/**
 * GET /api/company/contributors/{id}/github: the contributor's GitHub profile and repositories,
 * read by the server and cached; `available: false` with the reason when GitHub cannot be read.
 */
export const directoryGithubSchema = z.discriminatedUnion('available', [
  z.object({
    available: z.literal(true),
    profile: z.object({
      avatarUrl: z.string(),
      name: z.string().nullable(),
      bio: z.string().nullable(),
      location: z.string().nullable(),
      followers: z.number().int(),
      publicRepos: z.number().int(),
    }),
    repositories: z.array(
      z.object({
        fullName: z.string(),
        description: z.string().nullable(),
        language: z.string().nullable(),
        stargazersCount: z.number().int(),
        htmlUrl: z.string(),
      }),
    ),
  }),
  z.object({ available: z.literal(false), reason: z.string() }),
]);
export type DirectoryGithub = z.infer<typeof directoryGithubSchema>;
