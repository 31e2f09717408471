import { z } from 'zod';
import { aiAssistanceSchema } from './ai-assistance';
import { XP_LIMIT_REASONS } from './counted-xp';
import { difficultySchema } from './difficulty';
import { repoParamsSchema } from './maintainer';
import { RANK_NAMES, type RankName } from './ranks';

/**
 * The contributor API contract, shared by the server (validation,
 * OpenAPI) and the web app. Field names follow the original API, including its `_id` and snake_case
 * GitHub fields, so the screens read the fields they always read.
 */

const rankSchema = z.enum(RANK_NAMES as [RankName, ...RankName[]]);

export const STAKE_STATUSES = ['pending', 'accepted', 'rejected', 'expired'] as const;
export const stakeStatusSchema = z.enum(STAKE_STATUSES);
export type StakeStatus = z.infer<typeof stakeStatusSchema>;

/** A GitHub issue id (GitHub's numeric id, stable across renames), used in /contributor/issue/{issueId}. */
export const issueIdSchema = z.coerce
  .number({ message: 'Issue id must be a number' })
  .int('Issue id must be a whole number')
  .positive('Issue id must be positive');

/** An issue's number in its repository (#17), as in GitHub's issue addresses. */
export const issueNumberSchema = z.coerce
  .number({ message: 'Issue number must be a number' })
  .int('Issue number must be a whole number')
  .positive('Issue number must be positive');

/**
 * An issue named by its repository and number, as GitHub's addresses name it
 * (github.com/{owner}/{repo}/issues/{number}): how an issue OpenStake has not tracked yet is found.
 */
export const issueRefParamsSchema = repoParamsSchema.extend({ number: issueNumberSchema });
export type IssueRef = z.infer<typeof issueRefParamsSchema>;

export const stakeSchema = z.object({
  _id: z.string(),
  status: stakeStatusSchema,
  issueId: z.number(),
  issueNumber: z.number(),
  issueTitle: z.string(),
  repository: z.string(),
  amount: z.number().int(),
  createdAt: z.string(),
  settledAt: z.string().nullable(),
  /** Coins gained beyond the returned stake (reward and bounty); 0 unless accepted. */
  coinsEarned: z.number().int(),
  xpEarned: z.number().int(),
  /** Coins lost to the repository on rejection; 0 otherwise. */
  coinsLost: z.number().int(),
  /** The bounty paid with this stake (part of coinsEarned); 0 when none. */
  bountyEarned: z.number().int(),
  /**
   * XP the merge offered beyond what counts toward the rank (decision 012), and the limit that
   * held it back; 0 and null when all of it counted.
   */
  xpUncounted: z.number().int(),
  xpLimitReason: z.enum(XP_LIMIT_REASONS).nullable(),
  prUrl: z.string(),
});
export type Stake = z.infer<typeof stakeSchema>;

/** Stakes per page of the stakes list unless `?limit=` asks otherwise, and the most it allows. */
export const STAKES_PAGE_SIZE = 20;
export const STAKES_PAGE_MAX = 100;

/** GET /api/contributor/stakes: a page of my stakes, newest first. */
export const stakesQuerySchema = z.object({
  limit: z.coerce
    .number({ message: 'Limit must be a number' })
    .int('Limit must be a whole number')
    .min(1, 'Limit must be 1 or more')
    .max(STAKES_PAGE_MAX, `Limit must be ${String(STAKES_PAGE_MAX)} or less`)
    .default(STAKES_PAGE_SIZE),
  /** Opaque: the previous page's `nextCursor`; none for the first page. */
  cursor: z.string().optional(),
});
export type StakesQuery = z.input<typeof stakesQuerySchema>;

/**
 * A page of the stakes list. `nextCursor` asks for the stakes after this page's last one (stakes
 * placed meanwhile do not shift the pages); null when this page is the last.
 */
export const stakesPageSchema = z.object({
  data: z.array(stakeSchema),
  nextCursor: z.string().nullable(),
});
export type StakesPage = z.infer<typeof stakesPageSchema>;

export { AI_ASSISTANCE, aiAssistanceSchema, type AiAssistance } from './ai-assistance';

export const createStakeInputSchema = z.object({
  issueId: issueIdSchema,
  prUrl: z
    .string({ message: 'Please provide a valid PR URL' })
    .trim()
    .min(1, 'Please provide a valid PR URL')
    .max(500, 'The pull request URL is too long'),
  /** The client shows the contributor's price (stakePrice); any other amount is refused. */
  amount: z
    .number({ message: 'Amount must be a number' })
    .int('Amount must be a whole number of coins')
    .positive(),
  aiAssistance: aiAssistanceSchema.default('none'),
  // Sent by the original client; the server uses the issue's repository and the session's user.
  repository: z.string().optional(),
  userId: z.string().optional(),
});
export type CreateStakeInput = z.infer<typeof createStakeInputSchema>;

/**
 * The dashboard's overview. Coins, XP, rank and stakes are OpenStake's own and always there; the
 * GitHub part is null until an account is linked (`github` 'not_linked'), or while GitHub does not
 * answer for it (`github` 'unavailable', a revoked grant for instance).
 */
export const dashboardProfileSchema = z.object({
  github: z.enum(['linked', 'not_linked', 'unavailable']),
  profile: z.object({
    avatar_url: z.string().nullable(),
    /** The linked GitHub login; null when none is linked. */
    login: z.string().nullable(),
    name: z.string().nullable(),
    public_repos: z.number().nullable(),
  }),
  stats: z.object({
    coins: z.number().int(),
    xp: z.number().int(),
    rank: rankSchema,
    /** The next rank's threshold, or null at the top rank ('Max'). */
    nextRankXP: z.number().int().nullable(),
    activeBounties: z.number().int(),
  }),
});
export type DashboardProfile = z.infer<typeof dashboardProfileSchema>;

export const repositorySummarySchema = z.object({
  id: z.number(),
  name: z.string(),
  fullName: z.string(),
  description: z.string().nullable(),
  language: z.string().nullable(),
  stargazersCount: z.number(),
  forksCount: z.number(),
  updatedAt: z.string(),
  htmlUrl: z.string(),
});
export type RepositorySummary = z.infer<typeof repositorySummarySchema>;

export const languageShareSchema = z.object({
  name: z.string(),
  bytes: z.number(),
  percentage: z.number(),
  repositories: z.number(),
  color: z.string(),
});

export const repositoryAnalysisSchema = z.object({
  /** The first 10 public repositories, most recently updated first. */
  repositories: z.array(repositorySummarySchema),
  /** Language names, most bytes first. */
  topLanguages: z.array(z.string()),
  /** Real shares from GitHub's byte counts (replacing the original random placeholders). */
  languages: z.array(languageShareSchema),
  analyzedAt: z.string(),
});
export type RepositoryAnalysis = z.infer<typeof repositoryAnalysisSchema>;

const issueRepositorySchema = z.object({
  fullName: z.string(),
  description: z.string().nullable(),
  language: z.string().nullable(),
  stargazersCount: z.number(),
  htmlUrl: z.string(),
});

/**
 * The stake the signed-in contributor must place on an issue, priced by their standing
 * (stakePrice, decision 015), and the line that says why: "20 coins: 2x while your account is new
 * (under 30 days)".
 */
export const stakePriceViewSchema = z.object({
  amount: z.number().int(),
  factorPercent: z.number().int(),
  text: z.string(),
});
export type StakePriceView = z.infer<typeof stakePriceViewSchema>;

export const suggestedIssueSchema = z.object({
  id: z.number(),
  number: z.number(),
  title: z.string(),
  body: z.string(),
  difficulty: difficultySchema,
  bounty: z.number().int(),
  xpReward: z.number().int(),
  /** The issue's own stake, as its maintainer set it. */
  stakingRequired: z.number().int(),
  /** What the signed-in contributor must stake on it. */
  stakePrice: stakePriceViewSchema,
  htmlUrl: z.string(),
  repository: issueRepositorySchema,
});
export type SuggestedIssue = z.infer<typeof suggestedIssueSchema>;

/**
 * The viewer's own latest stake on an issue, as the issue page shows it: its state, the pull
 * request, and what it earned or lost once settled (the same figures as in My Stakes).
 */
export const issueStakeSchema = stakeSchema.pick({
  _id: true,
  status: true,
  amount: true,
  prUrl: true,
  createdAt: true,
  settledAt: true,
  coinsEarned: true,
  xpEarned: true,
  coinsLost: true,
  bountyEarned: true,
  xpUncounted: true,
  xpLimitReason: true,
});
export type IssueStake = z.infer<typeof issueStakeSchema>;

export const issueDetailSchema = suggestedIssueSchema.extend({
  labels: z.array(z.object({ name: z.string(), color: z.string() })),
  user: z.object({ login: z.string() }),
  state: z.enum(['open', 'closed']),
  createdAt: z.string(),
  updatedAt: z.string(),
  commentsCount: z.number(),
  estimatedHours: z.number(),
  /**
   * The percent of a stake a rejection after review would deduct if staked now: the connected
   * repository's, else the default (a bounty issue of a repository nobody connected).
   */
  deductionPercent: z.number().int(),
  /** The signed-in contributor's latest stake on this issue; null when they have none. */
  myStake: issueStakeSchema.nullable(),
  /**
   * Why a stake by the signed-in contributor would be refused now (a limit of the repository's
   * policy, a denouncement), naming when it frees; null when nothing stands in the way.
   */
  stakeRefusal: z.string().nullable(),
});
export type IssueDetail = z.infer<typeof issueDetailSchema>;

export const profileUpdateSchema = z.object({
  profile: z.object({
    name: z.string().trim().max(100, 'Display name must be at most 100 characters'),
    bio: z.string().max(500, 'Bio must be at most 500 characters'),
  }),
});

export const contributorProfileSchema = z.object({
  id: z.string(),
  githubUsername: z.string().nullable(),
  /** Only for the owner; never on the public profile. */
  email: z.string().nullable(),
  createdAt: z.string(),
  rank: rankSchema,
  coins: z.number().int(),
  xp: z.number().int(),
  name: z.string().nullable(),
  bio: z.string().nullable(),
  githubInfo: z
    .object({
      avatar_url: z.string(),
      name: z.string().nullable(),
      bio: z.string().nullable(),
      public_repos: z.number(),
      followers: z.number(),
      following: z.number(),
      location: z.string().nullable(),
    })
    .nullable(),
  /** Cumulative XP after each change, oldest first, for the XP-over-time chart. */
  xpHistory: z.array(z.object({ date: z.string(), xp: z.number().int() })),
});
export type ContributorProfile = z.infer<typeof contributorProfileSchema>;
