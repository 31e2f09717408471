import { z } from 'zod';
import { aiAssistanceSchema } from './ai-assistance';
import { chainBountyAmountTextSchema, chainBountySchema } from './chain-bounty';
import { difficultySchema } from './difficulty';
import { mergeFeedbackSchema } from './merge-feedback';
import { XP_LIMIT_REASONS } from './counted-xp';

/*
 * The maintainer API contract, shared by the
 * server (validation, OpenAPI) and the web app. GitHub objects keep GitHub's snake_case field
 * names, as the screens read them; OpenStake's own objects use camelCase.
 */

const labelSchema = z.object({ name: z.string(), color: z.string() });
export type GithubLabel = z.infer<typeof labelSchema>;

// GitHub's names: letters, digits, '_', '.', '-'; never '.' or '..', which in a GitHub API path
// would climb out of it (`/repos/owner/../pulls`).
const GITHUB_NAME = /^(?!\.{1,2}$)[A-Za-z0-9_.-]{1,100}$/;
/** A required GitHub user, organization or repository name, trimmed. */
const githubNameSchema = (required: string, invalid: string) =>
  z.string({ message: required }).trim().min(1, required).regex(GITHUB_NAME, invalid);

export const githubOwnerSchema = githubNameSchema(
  'Owner and Repository are required',
  'Owner must be a GitHub user or organization name',
);
export const githubRepoNameSchema = githubNameSchema(
  'Owner and Repository are required',
  'Repository must be a GitHub repository name',
);
export const repoParamsSchema = z.object({ owner: githubOwnerSchema, repo: githubRepoNameSchema });

export const pageQuerySchema = z.object({
  page: z.coerce
    .number({ message: 'Page must be a number' })
    .int('Page must be a whole number')
    .min(1, 'Page must be 1 or more')
    .max(1000, 'Page must be 1000 or less')
    .default(1),
});

/* ---------- Repositories ---------- */

export const maintainerRepositorySchema = z.object({
  id: z.number(),
  name: z.string(),
  full_name: z.string(),
  owner: z.string(),
  html_url: z.string(),
  description: z.string().nullable(),
  language: z.string().nullable(),
  stargazers_count: z.number(),
  updated_at: z.string().nullable(),
  open_issues_count: z.number(),
  private: z.boolean(),
  visibility: z.enum(['Public', 'Private']),
  /** Whether the maintainer may connect it, create issues and merge there (push or higher). */
  canPush: z.boolean(),
  /** The OpenStake connection (webhook and deduction percent), null when not connected. */
  connection: z
    .object({
      deductionPercent: z.number().int(),
      connectedAt: z.string(),
      /** Connected through OpenStake's GitHub App (its installation), not a webhook of its own. */
      viaApp: z.boolean(),
      /** Whether the app's bot comments on pull requests when their stakes settle. */
      botComments: z.boolean(),
    })
    .nullable(),
});
export type MaintainerRepository = z.infer<typeof maintainerRepositorySchema>;

/* ---------- Pull requests ---------- */

/** GitHub's rollup states of a commit's checks, as the queue reads them. */
export const PULL_REQUEST_CHECKS = ['success', 'pending', 'failure'] as const;
export type PullRequestChecks = (typeof PULL_REQUEST_CHECKS)[number];

export const pullRequestSchema = z.object({
  number: z.number(),
  title: z.string(),
  body: z.string().nullable(),
  state: z.string(),
  draft: z.boolean(),
  html_url: z.string(),
  user: z.object({ login: z.string(), avatar_url: z.string() }),
  labels: z.array(labelSchema),
  comments: z.number(),
  created_at: z.string(),
  updated_at: z.string(),
  /** The coins staked on it by its author through OpenStake, null when there is no pending stake. */
  stakeAmount: z.number().int().nullable(),
  /**
   * The factor of the issue's stake the pending stake was priced at by its author's standing
   * (decision 015), in whole percent (100 is 1x); null when there is no pending stake.
   */
  stakePricePercent: z.number().int().nullable(),
  /** What the stake's author declared of AI's part in it; null when there is no pending stake. */
  aiAssistance: aiAssistanceSchema.nullable(),
  /**
   * GitHub's rollup of the checks and commit statuses on its head commit: 'success' when all
   * passed (green), 'failure' when one failed or errored, 'pending' while one runs; null when
   * the head commit has none, or where it was not read (a single pull request's answer).
   */
  checks: z.enum(PULL_REQUEST_CHECKS).nullable(),
});
export type PullRequest = z.infer<typeof pullRequestSchema>;

/**
 * The maintainer's queue (decision 015, part 4): the repository's open pull requests, proven work
 * first. `pullRequests` holds, in this order, the staked ones whose checks are green, by their
 * author's standing (the price factor, lowest first) then oldest first; the other staked ones,
 * in the same order; then the unstaked ones, oldest first. Unstaked pull requests that refer to
 * a bounty issue of the repository are apart, in `unstakedOnBounties` (the screen folds them).
 */
export const pullRequestQueueSchema = z.object({
  pullRequests: z.array(pullRequestSchema),
  unstakedOnBounties: z.array(pullRequestSchema),
  /** The pull requests most recently closed without a merge: a maintainer may mark them as spam. */
  recentlyClosed: z.array(pullRequestSchema),
  /** More open pull requests than the queue reads (QUEUE_LIMIT) exist; the oldest are listed. */
  truncated: z.boolean(),
});
export type PullRequestQueue = z.infer<typeof pullRequestQueueSchema>;

/** How many open pull requests the queue reads, oldest first. */
export const QUEUE_LIMIT = 1000;

/** One pull request with the fields GitHub only gives for a single pull request. */
export const pullRequestDetailSchema = pullRequestSchema.extend({
  additions: z.number(),
  deletions: z.number(),
  changed_files: z.number(),
  mergeable_state: z.string().nullable(),
  assignees: z.array(z.object({ login: z.string() })),
  requested_reviewers: z.array(z.object({ login: z.string() })),
  /** Merged on GitHub (a closed pull request that was not merged may be marked as spam). */
  merged: z.boolean(),
  /** A maintainer of the repository marked it as spam (decision 015, part 4). */
  spamMarked: z.boolean(),
});
export type PullRequestDetail = z.infer<typeof pullRequestDetailSchema>;

/** The issue a pull request refers to with '#N' (the Related Issue card). */
export const relatedIssueSchema = z.object({
  number: z.number(),
  title: z.string(),
  body: z.string().nullable(),
  html_url: z.string(),
  /** The coins a stake on it needs when OpenStake tracks it, else null. */
  stakingRequired: z.number().int().nullable(),
  bountyAmount: z.number().int().nullable(),
});
export type RelatedIssue = z.infer<typeof relatedIssueSchema>;

/** The first '#N' in a pull request body, or null ('No issue number in PR body'). */
export function referencedIssueNumber(body: string | null | undefined): number | null {
  const match = /(?:^|[^\w&/])#(\d{1,9})\b/.exec(body ?? '');
  return match ? Number(match[1]) : null;
}

export const mergePullRequestInputSchema = mergeFeedbackSchema;
export type MergePullRequestInput = z.infer<typeof mergePullRequestInputSchema>;

export const mergeResultSchema = z.object({
  sha: z.string(),
  /** The XP that counts toward the contributor's rank (decision 012), and the coins minted with it. */
  xp: z.number().int(),
  coins: z.number().int(),
  /** The XP the feedback offered; more than `xp` when a limit cut it, for `limitReason`. */
  xpOffered: z.number().int(),
  limitReason: z.enum(XP_LIMIT_REASONS).nullable(),
  /** The OpenStake contributor who received the reward, null when the author is not one. */
  contributor: z.string().nullable(),
  stakeSettled: z.boolean(),
  bountyPaid: z.number().int(),
  /**
   * Bounties of issues this merge closed that nobody had staked on: they went back to the
   * maintainers who posted them (every bounty ends paid or refunded).
   */
  bountyRefunded: z.number().int(),
});
export type MergeResult = z.infer<typeof mergeResultSchema>;

export const closePullRequestResultSchema = z.object({
  /** How a pending stake on it ended: rejected after a review, expired (refund) without. */
  stakeOutcome: z.enum(['rejected', 'expired']).nullable(),
});

/** What marking a pull request as spam, or undoing it, answers. */
export const spamMarkResultSchema = z.object({
  spamMarked: z.boolean(),
  /** The author's GitHub login: the mark weighs on their standing for 180 days. */
  author: z.string(),
});
export type SpamMarkResult = z.infer<typeof spamMarkResultSchema>;

/* ---------- Repository issues ---------- */

export const repositoryIssueSchema = z.object({
  number: z.number(),
  title: z.string(),
  body: z.string().nullable(),
  user: z.object({ login: z.string() }),
  state: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
  comments: z.number(),
  labels: z.array(labelSchema),
  html_url: z.string(),
});
export type RepositoryIssue = z.infer<typeof repositoryIssueSchema>;

/**
 * A page of a repository's open issues. GitHub's pages count pull requests, which the list leaves
 * out, so a page can hold fewer than 30 issues, or none, and still have one after it: `nextPage`
 * says which page comes next, null after the last.
 */
export const repositoryIssuesPageSchema = z.object({
  data: z.array(repositoryIssueSchema),
  nextPage: z.number().int().positive().nullable(),
});
export type RepositoryIssuesPage = z.infer<typeof repositoryIssuesPageSchema>;

/* ---------- Create issue with stake and bounty ---------- */

export const STAKE_PRESETS = [5, 10, 25, 50] as const;
export const BOUNTY_PRESETS = [50, 100, 250, 500, 1000] as const;
export const SELECTABLE_ISSUE_LABELS = [
  'bug',
  'enhancement',
  'question',
  'documentation',
  'good first issue',
] as const;
/** Maintainers start with this many coins to fund their first bounties. */
export const MAINTAINER_STARTING_COINS = 1000;
/** GET /api/maintainer/balance: the maintainer's coins, which fund bounties. */
export const maintainerBalanceSchema = z.object({ coins: z.number().int().nonnegative() });
export type MaintainerBalance = z.infer<typeof maintainerBalanceSchema>;

/** The largest stake or bounty one issue may carry. */
export const MAX_ISSUE_COINS = 1_000_000;

/** The labels written to GitHub besides the selected ones: `stake-N` and `bounty-N`. */
export const amountLabels = (stake: number, bounty: number): string[] => [
  `stake-${stake}`,
  `bounty-${bounty}`,
];

const coinAmount = (message: string) =>
  z
    .number({ message })
    .int('Amounts are whole coins')
    .positive(message)
    .max(MAX_ISSUE_COINS, `At most ${MAX_ISSUE_COINS} coins`);

export const createBountyIssueInputSchema = z.object({
  owner: githubOwnerSchema,
  repo: githubRepoNameSchema,
  title: z
    .string({ message: 'Title is required' })
    .trim()
    .min(1, 'Title is required')
    .max(256, 'Title must be 256 characters or fewer'),
  body: z.string().max(65_000, 'Description is too long').default(''),
  labels: z
    .array(z.enum(SELECTABLE_ISSUE_LABELS, { message: 'Unknown label' }))
    .max(SELECTABLE_ISSUE_LABELS.length)
    .default([]),
  /** Comma-separated on the form; sent as a list, trimmed, blanks dropped. */
  assignees: z
    .array(z.string().trim().regex(GITHUB_NAME, 'Assignees must be GitHub usernames'))
    .max(10, 'At most 10 assignees')
    .default([]),
  /** A GitHub milestone number of the repository. */
  milestone: z
    .number({ message: 'Milestone must be a milestone number' })
    .int('Milestone must be a milestone number')
    .positive('Milestone must be a milestone number')
    .nullable()
    .default(null),
  stakeAmount: coinAmount('A valid stake amount is required'),
  bountyAmount: coinAmount('A valid bounty amount is required'),
  /** Set on /maintainer/open-issue/{number}: the pull request the issue is opened for. */
  pullRequestNumber: z.number().int().positive().nullable().default(null),
  /**
   * An optional chain bounty in the ledger network's currency ('1.5'), paid in from the
   * maintainer's own wallet after the issue is created; separate from the coin bounty.
   */
  chainBounty: chainBountyAmountTextSchema.nullable().default(null),
});
export type CreateBountyIssueInput = z.input<typeof createBountyIssueInputSchema>;

/** Splits the assignees text field: comma-separated, trimmed, blanks dropped. */
export const parseAssignees = (text: string): string[] =>
  text
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s.length > 0);

export const createdBountyIssueSchema = z.object({
  issueId: z.number(),
  number: z.number(),
  title: z.string(),
  htmlUrl: z.string(),
  stakeAmount: z.number().int(),
  bountyAmount: z.number().int(),
  fee: z.number().int(),
  /** The maintainer's coins after the bounty and fee left them. */
  balance: z.number().int(),
  /** The chain bounty asked for, awaiting funding from the maintainer's wallet; null: none. */
  chainBounty: chainBountySchema.nullable(),
});
export type CreatedBountyIssue = z.infer<typeof createdBountyIssueSchema>;

/* ---------- Bounty issues by me ---------- */

export const BOUNTY_ISSUE_STATUSES = ['open', 'in_progress', 'completed', 'closed'] as const;
export const bountyIssueStatusSchema = z.enum(BOUNTY_ISSUE_STATUSES);
export type BountyIssueStatus = z.infer<typeof bountyIssueStatusSchema>;
export const BOUNTY_ISSUES_PER_PAGE = 20;

export const bountyIssuesQuerySchema = pageQuerySchema.extend({
  status: bountyIssueStatusSchema.or(z.literal('all')).default('all'),
  difficulty: difficultySchema.or(z.literal('all')).default('all'),
  search: z.string().trim().max(200).default(''),
});
export type BountyIssuesQuery = z.input<typeof bountyIssuesQuerySchema>;

export const bountyIssueSchema = z.object({
  id: z.number(),
  number: z.number(),
  title: z.string(),
  body: z.string(),
  status: bountyIssueStatusSchema,
  difficulty: difficultySchema,
  labels: z.array(labelSchema),
  repository: z.object({ fullName: z.string(), htmlUrl: z.string() }),
  author: z.string(),
  createdAt: z.string(),
  comments: z.number(),
  /** Stakes taken on it so far (any status). */
  applicantsCount: z.number().int(),
  bountyAmount: z.number().int(),
  stakeAmount: z.number().int(),
  /** What the winner receives: the bounty plus their stake back. */
  totalPayout: z.number().int(),
  htmlUrl: z.string(),
  /** Its chain bounty, paid in the ledger network's currency; null when it has none. */
  chainBounty: chainBountySchema.nullable(),
});
export type BountyIssue = z.infer<typeof bountyIssueSchema>;

export const bountyIssueStatsSchema = z.object({
  totalIssues: z.number().int(),
  totalBountyAmount: z.number().int(),
  totalStakeAmount: z.number().int(),
  activeIssues: z.number().int(),
  completedIssues: z.number().int(),
  inProgressIssues: z.number().int(),
});

export const bountyIssuesPageSchema = z.object({
  issues: z.array(bountyIssueSchema),
  /** Over all of the maintainer's bounty issues, whatever the filters. */
  stats: bountyIssueStatsSchema,
  pagination: z.object({
    currentPage: z.number().int(),
    totalPages: z.number().int(),
    totalItems: z.number().int(),
    itemsPerPage: z.number().int(),
  }),
});
export type BountyIssuesPage = z.infer<typeof bountyIssuesPageSchema>;

/* ---------- Organization settings, API keys, automation ---------- */

export const organizationParamsSchema = z.object({
  org: githubNameSchema(
    'Please enter a GitHub username or org',
    'Please enter a valid GitHub username or org',
  ),
});

/** A repository listed in the General flow (a user's or an organization's public repositories). */
export const organizationRepositorySchema = z.object({
  name: z.string(),
  full_name: z.string(),
  html_url: z.string(),
  description: z.string().nullable(),
  language: z.string().nullable(),
  stargazers_count: z.number(),
});
export type OrganizationRepository = z.infer<typeof organizationRepositorySchema>;

export const generateContextInputSchema = z.object({
  repos: z
    .array(z.url({ message: 'Each repository must be a URL' }))
    .min(1, 'Select at least one repository')
    .max(20, 'Select at most 20 repositories'),
});

export const organizationContextSchema = z.object({
  organization: z.string(),
  context: z.string(),
  repoLinks: z.array(z.string()),
  updatedAt: z.string(),
});
export type OrganizationContext = z.infer<typeof organizationContextSchema>;

export const saveContextInputSchema = z.object({
  context: z
    .string()
    .trim()
    .min(1, 'The context is empty')
    .max(20_000, 'The context must be 20,000 characters or fewer'),
  repoLinks: z.array(z.url()).max(20).default([]),
});

export const createApiKeyInputSchema = z.object({
  name: z.string().trim().max(100, 'Name must be 100 characters or fewer').default(''),
});

export const apiKeySchema = z.object({
  _id: z.string(),
  name: z.string().nullable(),
  /** The key masked as first 4 + last 4 characters; the full key is shown once at creation. */
  maskedKey: z.string(),
  createdAt: z.string(),
  lastUsed: z.string().nullable(),
});
export type ApiKey = z.infer<typeof apiKeySchema>;

export const createdApiKeySchema = apiKeySchema.extend({
  /** The full key: returned once, never stored in clear. */
  secretKey: z.string(),
});
export type CreatedApiKey = z.infer<typeof createdApiKeySchema>;

export const maintainerPreferencesSchema = z.object({
  autoReviewNewRepositories: z.boolean(),
  emailNotifications: z.boolean(),
  weeklyReports: z.boolean(),
});
export type MaintainerPreferences = z.infer<typeof maintainerPreferencesSchema>;

/** The automation workflow's call, authorised by an API key as bearer. */
export const issueCommentInputSchema = z.object({
  issue_number: z.number().int().positive(),
  repo: z.string().regex(GITHUB_NAME, 'repo must be a repository name'),
  org: z.string().regex(GITHUB_NAME, 'org must be a GitHub organization or user'),
  issue_url: z.url().optional(),
});
export const issueCommentResultSchema = z.object({
  commentUrl: z.string(),
  difficulty: difficultySchema,
  stakeAmount: z.number().int(),
  bountyAmount: z.number().int(),
});
export type IssueCommentResult = z.infer<typeof issueCommentResultSchema>;

export { labelSchema as githubLabelSchema };
