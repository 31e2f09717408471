import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import {
  AI_ASSISTANCE,
  CONVERSATION_STATUSES,
  ROLES,
  STAKE_STATUSES,
  WALLET_TYPES,
  XP_LIMIT_REASONS,
  NOTIFICATION_KINDS,
} from '@openstake/core';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

export const roleEnum = pgEnum('role', ROLES);

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull().unique(),
    // Null for accounts created with 'Sign up with GitHub': they sign in through GitHub only.
    passwordHash: text('password_hash'),
    role: roleEnum('role').notNull(),
    githubUsername: text('github_username'),
    /**
     * Always the sum of the user's xp_events' counted amounts (decision 012): the XP every screen
     * shows and the rank is derived from.
     */
    xp: integer('xp').notNull().default(0),
    /**
     * How many distinct merging GitHub accounts and repositories the counted merge XP came from
     * (xp_events' sources): what a company reads as "XP from N maintainers in M repositories",
     * kept with users.xp so the directory can filter on it.
     */
    xpMaintainers: integer('xp_maintainers').notNull().default(0),
    xpRepositories: integer('xp_repositories').notNull().default(0),
    /**
     * When the user last used OpenStake: sign-up, sign-in, and a session used (written at most
     * every few minutes, with sessions.last_seen_at). The directory's 'active' and 'last active'.
     */
    lastActiveAt: timestamp('last_active_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * When the owner of `email` confirmed it by a link mailed to it; null until then (a company
     * cannot write to contributors, and others see the address marked as not verified).
     */
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    // The hire directory walks contributors by XP (both ways) or by recent activity, a page at a
    // time; the id breaks ties so a cursor is exact.
    index('users_contributors_xp_idx')
      .on(t.xp, t.id)
      .where(sql`${t.role} = 'contributor'`),
    index('users_contributors_active_idx')
      .on(t.lastActiveAt, t.id)
      .where(sql`${t.role} = 'contributor'`),
    check('users_xp_non_negative', sql`${t.xp} >= 0`),
    check('users_email_lowercase', sql`${t.email} = lower(${t.email})`),
    check(
      'users_github_username_for_role',
      sql`${t.role} = 'company' or ${t.githubUsername} is not null`,
    ),
  ],
);

export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    /** When the session was last used (to the minute or so); idle sessions end. */
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('sessions_user_id_idx').on(t.userId)],
);

export const accountTokenPurposeEnum = pgEnum('account_token_purpose', [
  'verify_email',
  'reset_password',
]);

/**
 * A single-use link mailed to an account's address: to confirm the address, or to set a new
 * password. Only the SHA-256 of the random token is stored; `email` is the address it was sent to,
 * so a link to an address the account no longer has confirms nothing.
 */
export const accountTokens = pgTable(
  'account_tokens',
  {
    tokenSha256: text('token_sha256').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: accountTokenPurposeEnum('purpose').notNull(),
    email: text('email').notNull(),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  // An account's recent links of a purpose: how many were sent (the rate limit per address).
  (t) => [index('account_tokens_user_purpose_idx').on(t.userId, t.purpose, t.createdAt)],
);

/**
 * An OAuth round trip in progress (the `state` parameter): stored by the hash of the random state
 * and of the browser's nonce cookie, so neither is readable from the database or the URL, and
 * consumed once by a conditional update.
 */
export const oauthStates = pgTable(
  'oauth_states',
  {
    stateHash: text('state_hash').primaryKey(),
    nonceHash: text('nonce_hash').notNull(),
    intent: jsonb('intent').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('oauth_states_expires_at_idx').on(t.expiresAt)],
);

export const ACCOUNT_KINDS = [
  'mint',
  'wallet',
  'stake_escrow',
  'bounty_escrow',
  'repo_treasury',
  'platform_fees',
] as const;
export const accountKindEnum = pgEnum('account_kind', ACCOUNT_KINDS);

/**
 * A coin account. `owner` names what the account belongs to (a user id for
 * a wallet, a stake id for a stake escrow, ...); singletons (mint, platform fees) use ''.
 * Only the mint may go below zero, and the database itself refuses anything else.
 */
export const accounts = pgTable(
  'accounts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: accountKindEnum('kind').notNull(),
    owner: text('owner').notNull(),
    balance: integer('balance').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    unique('accounts_kind_owner_unique').on(t.kind, t.owner),
    check('accounts_balance_non_negative', sql`${t.kind} = 'mint' or ${t.balance} >= 0`),
    check('accounts_mint_never_positive', sql`${t.kind} <> 'mint' or ${t.balance} <= 0`),
  ],
);

export const transfers = pgTable(
  'transfers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    fromAccountId: uuid('from_account_id')
      .notNull()
      .references(() => accounts.id),
    toAccountId: uuid('to_account_id')
      .notNull()
      .references(() => accounts.id),
    amount: integer('amount').notNull(),
    kind: text('kind').notNull(),
    reference: text('reference').notNull(),
    idempotencyKey: text('idempotency_key').notNull().unique(),
    createdAt: createdAt(),
  },
  (t) => [
    check('transfers_amount_positive', sql`${t.amount} > 0`),
    check('transfers_distinct_accounts', sql`${t.fromAccountId} <> ${t.toAccountId}`),
    index('transfers_from_idx').on(t.fromAccountId),
    index('transfers_to_idx').on(t.toAccountId),
  ],
);

/**
 * Every XP grant, written with the users.xp update; the idempotency key makes grants once-only.
 * `amount` is what counts toward the rank; `uncounted` what the merge offered beyond the limits
 * (decision 012). A merge's grant names where it came from: the GitHub account that merged, the
 * repository and its organization (the owner), so a company sees it and the limits count by them.
 */
export const xpEvents = pgTable(
  'xp_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    amount: integer('amount').notNull(),
    uncounted: integer('uncounted').notNull().default(0),
    kind: text('kind').notNull(),
    reference: text('reference').notNull(),
    idempotencyKey: text('idempotency_key').notNull().unique(),
    /** The merging GitHub login (lowercase); null for starting XP and grants from before sources. */
    sourceLogin: text('source_login'),
    /** The repository's full name and its owner (lowercase). */
    sourceRepository: text('source_repository'),
    sourceOrganization: text('source_organization'),
    /**
     * GitHub's numeric ids of the same three, which a rename does not change: the limits and the
     * distinct counts go by them (decision 012). Null for grants recorded before they were kept
     * and when GitHub's answer did not carry them; those are matched by name.
     */
    sourceLoginId: bigint('source_login_id', { mode: 'number' }),
    sourceRepositoryId: bigint('source_repository_id', { mode: 'number' }),
    sourceOrganizationId: bigint('source_organization_id', { mode: 'number' }),
    /** The bound that cut the grant (XP_LIMIT_REASONS in core), null when all of it counted. */
    limitReason: text('limit_reason', { enum: XP_LIMIT_REASONS }),
    createdAt: createdAt(),
  },
  (t) => [
    check(
      'xp_events_amounts',
      sql`${t.amount} >= 0 and ${t.uncounted} >= 0 and ${t.amount} + ${t.uncounted} > 0`,
    ),
    // A profile's XP history: one user's events in order.
    index('xp_events_user_created_idx').on(t.userId, t.createdAt),
  ],
);

/** A GitHub account proven by OAuth. The token is stored encrypted (AES-256-GCM), never shown. */
export const githubAccounts = pgTable(
  'github_accounts',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    githubId: bigint('github_id', { mode: 'number' }).notNull().unique(),
    login: text('login').notNull(),
    accessTokenEncrypted: text('access_token_encrypted').notNull(),
    scope: text('scope').notNull().default(''),
    linkedAt: timestamp('linked_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * When GitHub created the account (its user answer's `created_at`), read at link time and, for
     * accounts linked before it was kept, by a job; null until known. A stake's price counts a
     * GitHub account under 90 days old as new (decision 015); unknown counts as new.
     */
    githubCreatedAt: timestamp('github_created_at', { withTimezone: true }),
  },
  // The in-app merge finds the pull request author's account by login.
  (t) => [index('github_accounts_login_idx').on(t.login)],
);

/**
 * An installation of OpenStake's GitHub App (app mode): who installed it where. Its repositories
 * are connected when the installer is an OpenStake maintainer with push access; otherwise
 * `notConnectedReason` says why they are not.
 */
export const githubInstallations = pgTable('github_installations', {
  installationId: bigint('installation_id', { mode: 'number' }).primaryKey(),
  appId: bigint('app_id', { mode: 'number' }).notNull(),
  accountLogin: text('account_login').notNull(),
  installedByLogin: text('installed_by_login').notNull(),
  notConnectedReason: text('not_connected_reason'),
  createdAt: createdAt(),
  deletedAt: timestamp('deleted_at', { withTimezone: true }),
});

/**
 * A slash command typed in a comment of an app-connected repository (`/stake`), run at most once
 * per comment: the row is claimed before the command runs, so a delivery that reaches OpenStake
 * twice (redelivered, or replayed with other bytes) runs nothing the second time. `outcome` is
 * `done` or `refused`, with the bot's reply; null while it runs. What the bot does once on a pull
 * request by itself (decision 015, part 5: its notice on an unstaked pull request of a bounty
 * issue, its close of a denounced author's) is claimed here too, under the pull request's GitHub
 * id negated, which no comment id is (modules/github-events/bot-action-store.ts).
 */
export const slashCommands = pgTable('slash_commands', {
  commentId: bigint('comment_id', { mode: 'number' }).primaryKey(),
  repositoryFullName: text('repository_full_name').notNull(),
  issueNumber: integer('issue_number').notNull(),
  command: text('command').notNull(),
  commenterLogin: text('commenter_login').notNull(),
  outcome: text('outcome', { enum: ['done', 'refused'] }),
  reply: text('reply'),
  replyCommentId: bigint('reply_comment_id', { mode: 'number' }),
  createdAt: createdAt(),
});

/**
 * A GitHub repository connected by a maintainer: its stake settings and how GitHub reaches
 * OpenStake about it, either its own webhook (id and secret) or the GitHub App's installation
 * (`installationId`: the app's one webhook, no secret of its own).
 */
export const repositories = pgTable(
  'repositories',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    githubId: bigint('github_id', { mode: 'number' }).notNull().unique(),
    fullName: text('full_name').notNull().unique(),
    connectedBy: uuid('connected_by')
      .notNull()
      .references(() => users.id),
    deductionPercent: integer('deduction_percent').notNull().default(10),
    /**
     * GitHub's main language of the repository (suggestions match it), read when it is connected
     * and, while GitHub reports none, again by the read-repository-languages job.
     */
    language: text('language'),
    /** When GitHub was last asked for the language; null: never (connected before it was kept). */
    languageReadAt: timestamp('language_read_at', { withTimezone: true }),
    webhookId: bigint('webhook_id', { mode: 'number' }),
    webhookSecretEncrypted: text('webhook_secret_encrypted'),
    /** The GitHub App installation it is connected through (app mode), or null. */
    installationId: bigint('installation_id', { mode: 'number' }),
    /** Whether the app's bot comments on its pull requests when their stakes settle (app mode). */
    botComments: boolean('bot_comments').notNull().default(true),
    /*
     * The repository's policy against spam pull requests (decision 015), with defaults nobody
     * needs to touch.
     */
    /** At most this many pending stakes per contributor in the repository. */
    maxOpenStakesPerContributor: integer('max_open_stakes_per_contributor').notNull().default(2),
    /** At most this many pending stakes per issue from newcomers (no independent XP, no vouch). */
    maxNewcomerStakesPerIssue: integer('max_newcomer_stakes_per_issue').notNull().default(3),
    /** The first staker on an issue works alone this many days; null: no exclusive window. */
    exclusiveWindowDays: integer('exclusive_window_days'),
    /** The counted XP a contributor needs to stake here (a rank's minimum); vouched ones skip it. */
    minXp: integer('min_xp').notNull().default(0),
    /** Only vouched contributors may stake. */
    vouchedOnly: boolean('vouched_only').notNull().default(false),
    /** Whether a stake declaring its pull request generated by AI is accepted. */
    allowGenerated: boolean('allow_generated').notNull().default(true),
    /** The bot comments once and labels `unstaked` a pull request on a bounty issue with no stake. */
    botUnstakedNotice: boolean('bot_unstaked_notice').notNull().default(false),
    /** The bot closes, with a comment, pull requests of denounced authors. */
    botCloseDenounced: boolean('bot_close_denounced').notNull().default(false),
    connectedAt: timestamp('connected_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    check('repositories_deduction_range', sql`${t.deductionPercent} between 0 and 20`),
    check(
      'repositories_slot_ranges',
      sql`${t.maxOpenStakesPerContributor} between 1 and 20 and ${t.maxNewcomerStakesPerIssue} between 1 and 50 and (${t.exclusiveWindowDays} is null or ${t.exclusiveWindowDays} between 1 and 30) and ${t.minXp} >= 0`,
    ),
    // A connected repository is reached by its own webhook (a secret) or by the app's installation.
    check(
      'repositories_connected_reachable',
      sql`${t.connectedAt} is null or ${t.webhookSecretEncrypted} is not null or ${t.installationId} is not null`,
    ),
    index('repositories_installation_idx')
      .on(t.installationId)
      .where(sql`${t.installationId} is not null`),
    check('repositories_full_name_lowercase', sql`${t.fullName} = lower(${t.fullName})`),
    // A maintainer's connected repositories; suggestions take the latest connected ones.
    index('repositories_connected_by_idx').on(t.connectedBy),
    index('repositories_connected_at_idx')
      .on(t.connectedAt)
      .where(sql`${t.connectedAt} is not null`),
  ],
);

/** Each webhook delivery GitHub made, once: a redelivery with the same id finds its row. */
export const githubDeliveries = pgTable(
  'github_deliveries',
  {
    deliveryId: text('delivery_id').primaryKey(),
    event: text('event').notNull(),
    action: text('action'),
    repositoryFullName: text('repository_full_name').notNull(),
    payload: jsonb('payload').notNull(),
    /**
     * SHA-256 of the event name and the exact signed body: a delivery replayed under a fresh
     * delivery id carries the same signed bytes, and is recognised by them.
     */
    payloadSha256: text('payload_sha256').unique(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
    processedAt: timestamp('processed_at', { withTimezone: true }),
  },
  (t) => [
    index('github_deliveries_unprocessed_idx')
      .on(t.receivedAt)
      .where(sql`${t.processedAt} is null`),
    // A repository's latest delivery: what tells a kept queue it is out of date.
    index('github_deliveries_repository_idx').on(t.repositoryFullName, t.receivedAt),
  ],
);

/** A GitHub issue OpenStake has shown to someone: a suggested issue or a bounty issue. */
export const trackedIssues = pgTable(
  'tracked_issues',
  {
    githubId: bigint('github_id', { mode: 'number' }).primaryKey(),
    repositoryFullName: text('repository_full_name').notNull(),
    number: integer('number').notNull(),
    title: text('title').notNull(),
    body: text('body').notNull().default(''),
    state: text('state', { enum: ['open', 'closed'] }).notNull(),
    labels: jsonb('labels').$type<{ name: string; color: string }[]>().notNull().default([]),
    authorLogin: text('author_login').notNull(),
    commentsCount: integer('comments_count').notNull().default(0),
    htmlUrl: text('html_url').notNull(),
    difficulty: text('difficulty', { enum: ['beginner', 'intermediate', 'advanced'] }).notNull(),
    stakingRequired: integer('staking_required').notNull(),
    xpReward: integer('xp_reward').notNull(),
    bounty: integer('bounty').notNull().default(0),
    repository: jsonb('repository')
      .$type<{
        description: string | null;
        language: string | null;
        stargazersCount: number;
        htmlUrl: string;
        private?: boolean;
      }>()
      .notNull(),
    /**
     * Whether the issue's repository is private. Only issues of public repositories are shown to
     * people who did not find them with their own GitHub token; unknown (rows from before) counts
     * as private.
     */
    repositoryPrivate: boolean('repository_private').notNull().default(true),
    githubCreatedAt: timestamp('github_created_at', { withTimezone: true }).notNull(),
    githubUpdatedAt: timestamp('github_updated_at', { withTimezone: true }).notNull(),
    fetchedAt: timestamp('fetched_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check(
      'tracked_issues_amounts',
      sql`${t.stakingRequired} > 0 and ${t.xpReward} >= 0 and ${t.bounty} >= 0`,
    ),
    uniqueIndex('tracked_issues_repo_number_idx').on(t.repositoryFullName, t.number),
  ],
);

export const stakeStatusEnum = pgEnum('stake_status', STAKE_STATUSES);

/**
 * A contributor's stake on an issue with a pull request. Its coins sit in the
 * stake's own escrow account until the stake is settled, exactly once.
 */
export const stakes = pgTable(
  'stakes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    issueGithubId: bigint('issue_github_id', { mode: 'number' })
      .notNull()
      .references(() => trackedIssues.githubId),
    repositoryFullName: text('repository_full_name').notNull(),
    prNumber: integer('pr_number').notNull(),
    prUrl: text('pr_url').notNull(),
    amount: integer('amount').notNull(),
    /** The repository's deduction percent when the stake was placed: the one a rejection uses. */
    deductionPercent: integer('deduction_percent').notNull(),
    /**
     * The factor of the issue's stake the contributor's standing priced it at (decision 015), in
     * whole percent: 100 is the issue's stake.
     */
    pricePercent: integer('price_percent').notNull().default(100),
    /** What the contributor declared of AI's part in the pull request. */
    aiAssistance: text('ai_assistance', { enum: AI_ASSISTANCE }).notNull().default('none'),
    /** Until when the stake's contributor works alone on the issue (the repository's window). */
    exclusiveUntil: timestamp('exclusive_until', { withTimezone: true }),
    /** When its exclusive window ended without a merge: counts against the standing as a rejection. */
    windowLapsedAt: timestamp('window_lapsed_at', { withTimezone: true }),
    status: stakeStatusEnum('status').notNull().default('pending'),
    coinsEarned: integer('coins_earned').notNull().default(0),
    xpEarned: integer('xp_earned').notNull().default(0),
    coinsLost: integer('coins_lost').notNull().default(0),
    /** The bounty paid with this stake (also counted in coinsEarned). */
    bountyEarned: integer('bounty_earned').notNull().default(0),
    /** XP the merge offered beyond what counted (decision 012), and the limit that held it back. */
    xpUncounted: integer('xp_uncounted').notNull().default(0),
    xpLimitReason: text('xp_limit_reason', { enum: XP_LIMIT_REASONS }),
    /** What settled it: 'webhook', 'poll', 'merge', 'expiry'. */
    settledBy: text('settled_by'),
    createdAt: createdAt(),
    settledAt: timestamp('settled_at', { withTimezone: true }),
    /**
     * When the settlement was told on GitHub (the bot's comment, comment-on-settlements.ts), or
     * found to need no comment; null while that is still to do.
     */
    settlementToldAt: timestamp('settlement_told_at', { withTimezone: true }),
  },
  (t) => [
    check('stakes_amount_positive', sql`${t.amount} > 0`),
    check('stakes_deduction_range', sql`${t.deductionPercent} between 0 and 20`),
    check('stakes_price_range', sql`${t.pricePercent} between 50 and 400`),
    check('stakes_settled_consistently', sql`(${t.status} = 'pending') = (${t.settledAt} is null)`),
    // One active stake per contributor and issue.
    uniqueIndex('stakes_one_pending_per_issue_idx')
      .on(t.userId, t.issueGithubId)
      .where(sql`${t.status} = 'pending'`),
    // One pull request, one issue: a pull request carries at most one pending stake.
    uniqueIndex('stakes_one_pending_per_pull_request_idx')
      .on(t.repositoryFullName, t.prNumber)
      .where(sql`${t.status} = 'pending'`),
    index('stakes_pull_request_idx').on(t.repositoryFullName, t.prNumber),
    // A contributor's stakes, newest first, a page at a time (the cursor is created_at and id).
    index('stakes_user_created_idx').on(t.userId, t.createdAt, t.id),
    // The stakes on an issue: a bounty issue's applicants and pending ones, the bounty refund.
    index('stakes_issue_idx').on(t.issueGithubId, t.status),
    // A contributor's merged work: the directory's verified record and its "merged within" filter.
    index('stakes_accepted_user_settled_idx')
      .on(t.userId, t.settledAt)
      .where(sql`${t.status} = 'accepted'`),
    // The polling and expiry jobs read only pending stakes, oldest first.
    index('stakes_pending_created_idx')
      .on(t.createdAt)
      .where(sql`${t.status} = 'pending'`),
    // Exclusive windows still to end (decision 015): few at any time.
    index('stakes_window_open_idx')
      .on(t.exclusiveUntil)
      .where(sql`${t.status} = 'pending' and ${t.windowLapsedAt} is null`),
    // Settlements the bot is still to tell: few at any time.
    index('stakes_settlement_untold_idx')
      .on(t.settledAt)
      .where(sql`${t.status} <> 'pending' and ${t.settlementToldAt} is null`),
  ],
);

/**
 * A maintainer's word on a GitHub user in one repository (decision 015): vouched (skips the
 * newcomer slots, the minimum XP and the standing factor there) or denounced (cannot stake
 * there). Kept by GitHub id, so a rename keeps it; one word per user and repository, the latest.
 * `source` says where it was said; 'file' rows mirror the repository's `.github/VOUCHED.td`.
 */
export const repositoryVouches = pgTable(
  'repository_vouches',
  {
    repositoryId: uuid('repository_id')
      .notNull()
      .references(() => repositories.id, { onDelete: 'cascade' }),
    githubUserId: bigint('github_user_id', { mode: 'number' }).notNull(),
    login: text('login').notNull(),
    kind: text('kind', { enum: ['vouched', 'denounced'] }).notNull(),
    reason: text('reason'),
    /** The maintainer who said it; null when it came from the repository's file. */
    decidedBy: uuid('decided_by').references(() => users.id),
    source: text('source', { enum: ['settings', 'pull_request', 'command', 'file'] }).notNull(),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.repositoryId, t.githubUserId] }),
    // A contributor's vouches across repositories (their profile).
    index('repository_vouches_user_idx').on(t.githubUserId),
  ],
);

/**
 * A closed pull request a maintainer of its repository marked as spam (decision 015): it weighs
 * on its author's standing for 180 days. The deduction of its stake stays the repository's cap.
 */
export const spamMarks = pgTable(
  'spam_marks',
  {
    repositoryFullName: text('repository_full_name').notNull(),
    prNumber: integer('pr_number').notNull(),
    authorGithubLogin: text('author_github_login').notNull(),
    /**
     * The author's GitHub id (a rename does not change it): the mark counts against whoever links
     * that GitHub account, even one who signs up after it was made.
     */
    authorGithubId: bigint('author_github_id', { mode: 'number' }),
    /** The author's OpenStake account when they had one as it was made. */
    authorUserId: uuid('author_user_id').references(() => users.id),
    markedBy: uuid('marked_by')
      .notNull()
      .references(() => users.id),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.repositoryFullName, t.prNumber] }),
    index('spam_marks_author_created_idx').on(t.authorUserId, t.createdAt),
    index('spam_marks_author_github_created_idx').on(t.authorGithubId, t.createdAt),
  ],
);

/**
 * A bounty issue a maintainer created: the tracked issue carries its stake and
 * bounty; the bounty sits in the issue's bounty escrow until the first merged stake takes it.
 */
export const bountyIssues = pgTable(
  'bounty_issues',
  {
    issueGithubId: bigint('issue_github_id', { mode: 'number' })
      .primaryKey()
      .references(() => trackedIssues.githubId),
    createdBy: uuid('created_by')
      .notNull()
      .references(() => users.id),
    bountyAmount: integer('bounty_amount').notNull(),
    stakeAmount: integer('stake_amount').notNull(),
    fee: integer('fee').notNull(),
    paidStakeId: uuid('paid_stake_id').references(() => stakes.id),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    /** Set when the issue was closed as not planned before anyone won it: the bounty went back. */
    refundedAt: timestamp('refunded_at', { withTimezone: true }),
    /**
     * When contributors who staked on its repository before were mailed about it (decision 018,
     * the announce-bounties job); the bounties posted before that job existed count as told.
     */
    announcedAt: timestamp('announced_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    check(
      'bounty_issues_amounts',
      sql`${t.bountyAmount} > 0 and ${t.stakeAmount} > 0 and ${t.fee} >= 0`,
    ),
    check(
      'bounty_issues_paid_consistently',
      sql`(${t.paidStakeId} is null) = (${t.paidAt} is null)`,
    ),
    check('bounty_issues_paid_or_refunded', sql`${t.paidAt} is null or ${t.refundedAt} is null`),
    // A maintainer's bounty issues, newest first.
    index('bounty_issues_created_by_idx').on(t.createdBy, t.createdAt),
    // Bounties still to be won or refunded: the bounty-issue poll and the suggested issues.
    index('bounty_issues_unsettled_idx')
      .on(t.createdAt)
      .where(sql`${t.paidAt} is null and ${t.refundedAt} is null`),
    // Bounties still to announce: the announce-bounties job.
    index('bounty_issues_unannounced_idx')
      .on(t.createdAt)
      .where(sql`${t.announcedAt} is null`),
  ],
);

/**
 * A pull request merged in OpenStake with the maintainer's feedback. The row is written before
 * the merge on GitHub (mergedAt null) so that the webhook and the poll, which see the merge
 * first, leave the stake to the in-app merge; one row per pull request, so it is rewarded once.
 */
export const mergedPullRequests = pgTable(
  'merged_pull_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    repositoryFullName: text('repository_full_name').notNull(),
    prNumber: integer('pr_number').notNull(),
    authorLogin: text('author_login').notNull(),
    /** The OpenStake contributor rewarded, when the author is one. */
    authorUserId: uuid('author_user_id').references(() => users.id),
    mergedBy: uuid('merged_by')
      .notNull()
      .references(() => users.id),
    feedback: jsonb('feedback').notNull(),
    xp: integer('xp').notNull().default(0),
    coins: integer('coins').notNull().default(0),
    mergeSha: text('merge_sha'),
    createdAt: createdAt(),
    mergedAt: timestamp('merged_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('merged_pull_requests_pr_idx').on(t.repositoryFullName, t.prNumber)],
);

/** An organization's context for the automation workflow. */
export const organizationContexts = pgTable('organization_contexts', {
  /** The GitHub organization or user login, lowercase. */
  organization: text('organization').primaryKey(),
  context: text('context').notNull(),
  repoLinks: jsonb('repo_links').$type<string[]>().notNull().default([]),
  updatedBy: uuid('updated_by')
    .notNull()
    .references(() => users.id),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * An API key of an organization: only its SHA-256 hash is stored (the key has
 * 160 random bits, so a fast hash is enough), with the first and last 4 characters for display.
 */
export const apiKeys = pgTable(
  'api_keys',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organization: text('organization').notNull(),
    name: text('name'),
    keyHash: text('key_hash').notNull().unique(),
    maskedKey: text('masked_key').notNull(),
    /** The maintainer who created it; the automation comments with their GitHub account. */
    createdBy: uuid('created_by')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
  },
  (t) => [index('api_keys_organization_idx').on(t.organization)],
);

export const maintainerPreferences = pgTable('maintainer_preferences', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  autoReviewNewRepositories: boolean('auto_review_new_repositories').notNull().default(true),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * An account's notification switches (decision 018): a row only for a switch the account set;
 * one never set is at its default (NOTIFICATIONS in packages/core). The maintainer's "Email
 * notifications" and "Weekly reports" are two of them (migration 0027 moved them here).
 */
export const notificationSettings = pgTable(
  'notification_settings',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: NOTIFICATION_KINDS }).notNull(),
    enabled: boolean('enabled').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.kind] }),
    check(
      'notification_settings_kind',
      sql`${t.kind} in (${sql.raw(NOTIFICATION_KINDS.map((kind) => `'${kind}'`).join(', '))})`,
    ),
  ],
);

export const contributorProfiles = pgTable(
  'contributor_profiles',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name'),
    bio: text('bio'),
    /** What companies see (settings); a contributor without a row has the same defaults. */
    listedInDirectory: boolean('listed_in_directory').notNull().default(true),
    emailVisibleToCompanies: boolean('email_visible_to_companies').notNull().default(false),
    companiesMayContact: boolean('companies_may_contact').notNull().default(true),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('contributor_profiles_bio_length', sql`char_length(${t.bio}) <= 500`),
    // The few who hide from the directory: every directory query leaves them out through it.
    index('contributor_profiles_hidden_idx')
      .on(t.userId)
      .where(sql`not ${t.listedInDirectory}`),
  ],
);

/**
 * A contributor's top languages from their latest repository analysis, one row each, so the
 * directory filters by language through an index (the analysis itself stays in its jsonb).
 */
export const contributorLanguages = pgTable(
  'contributor_languages',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    language: text('language').notNull(),
    /** 0 for the top language. */
    position: integer('position').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.language] }),
    index('contributor_languages_lower_idx').on(sql`lower(${t.language})`, t.userId),
  ],
);

export const conversationStatusEnum = pgEnum('conversation_status', CONVERSATION_STATUSES);

/** A company's contact with a contributor (issue 11): one per company and contributor. */
export const conversations = pgTable(
  'conversations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    contributorId: uuid('contributor_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** 'declined' once the contributor declines: the company can write no more. */
    status: conversationStatusEnum('status').notNull().default('open'),
    createdAt: createdAt(),
    /** When its last message was written: lists show the latest conversation first. */
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('conversations_pair_idx').on(t.companyId, t.contributorId),
    index('conversations_contributor_idx').on(t.contributorId, t.updatedAt),
    index('conversations_company_idx').on(t.companyId, t.updatedAt),
  ],
);

export const messages = pgTable(
  'messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    conversationId: uuid('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    senderId: uuid('sender_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    body: text('body').notNull(),
    createdAt: createdAt(),
    /** When the recipient read it; null while unread. */
    readAt: timestamp('read_at', { withTimezone: true }),
  },
  (t) => [
    check('messages_body_length', sql`char_length(${t.body}) between 1 and 2000`),
    index('messages_conversation_idx').on(t.conversationId, t.createdAt),
    // A company's messages of the last day: its daily limit.
    index('messages_sender_created_idx').on(t.senderId, t.createdAt),
    index('messages_unread_idx')
      .on(t.conversationId)
      .where(sql`${t.readAt} is null`),
  ],
);

/** The latest repository analysis of a contributor (languages from GitHub's byte counts). */
export const repositoryAnalyses = pgTable('repository_analyses', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  data: jsonb('data').notNull(),
  analyzedAt: timestamp('analyzed_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Background jobs shared by every server on the database: a server runs a job only after
 * claiming it with one conditional update, so a job runs once however many servers there are,
 * and its schedule survives restarts.
 */
export const scheduledJobs = pgTable('scheduled_jobs', {
  name: text('name').primaryKey(),
  nextRunAt: timestamp('next_run_at', { withTimezone: true }).notNull(),
  lockedUntil: timestamp('locked_until', { withTimezone: true }),
  lastRunAt: timestamp('last_run_at', { withTimezone: true }),
  lastError: text('last_error'),
});

/**
 * Rate limits, counted here so that every server sharing the database counts the same hits
 * (http/rate-limit-store.ts). One row per limited key: the hits of its current window, which
 * starts at its first hit and ends at `resets_at`; a hit after that starts a new window. The key
 * is a hash of the route and the limit's own key (an address, an email), so neither is stored.
 * Rows past their window are deleted by a job. The table is UNLOGGED (its migration says so;
 * Drizzle cannot): a hit writes no write-ahead log and waits for no disk, and a crash, which
 * empties it, only starts the windows again, as a restart did when each server counted alone.
 */
export const rateLimitCounters = pgTable(
  'rate_limit_counters',
  {
    key: text('key').primaryKey(),
    hits: integer('hits').notNull(),
    resetsAt: timestamp('resets_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('rate_limit_counters_resets_at_idx').on(t.resetsAt)],
);

export const walletTypeEnum = pgEnum('wallet_type', WALLET_TYPES);

/**
 * A wallet proven by its signature of a challenge (decision 010): an EVM address (lowercase)
 * for MetaMask, a Hedera account id (`0.0.N`) for Hedera. One wallet belongs to one user; a
 * user has at most one of each type, and linking another replaces it.
 */
export const wallets = pgTable(
  'wallets',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: walletTypeEnum('type').notNull(),
    address: text('address').notNull(),
    /** The key that signed: recovered from the signature (MetaMask), the mirror node's (Hedera). */
    publicKey: text('public_key').notNull(),
    linkedAt: timestamp('linked_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('wallets_type_address_unique').on(t.type, t.address),
    unique('wallets_user_type_unique').on(t.userId, t.type),
    check(
      'wallets_address_format',
      sql`(${t.type} = 'metamask' and ${t.address} ~ '^0x[0-9a-f]{40}$') or (${t.type} = 'hedera' and ${t.address} ~ '^[0-9]+\\.[0-9]+\\.[0-9]+$')`,
    ),
  ],
);

/**
 * A challenge a wallet signs to be linked, stored by the hash of its random nonce (the nonce is
 * in the signed message, never in the database), bound to the user and the address, used once
 * (one conditional update) and only before it expires. `context` keeps the form's values
 * ('Store These Values'): the GitHub name and the issue the user came from.
 */
export const walletChallenges = pgTable(
  'wallet_challenges',
  {
    nonceHash: text('nonce_hash').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: walletTypeEnum('type').notNull(),
    address: text('address').notNull(),
    domain: text('domain').notNull(),
    uri: text('uri').notNull(),
    chainId: integer('chain_id').notNull(),
    context: jsonb('context').notNull(),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
  },
  (t) => [
    index('wallet_challenges_expires_at_idx').on(t.expiresAt),
    index('wallet_challenges_user_idx').on(t.userId),
  ],
);

/**
 * A bounty issue's chain bounty (decision 009): native currency its maintainer pays into the
 * escrow contract from the wallet they linked, separate from the coin bounty (nothing in the coin
 * ledger depends on it). Written with the bounty issue as what is expected (the amount in the
 * chain's smallest unit, the deadline); marked funded only once the server has read on the chain
 * that the maintainer's linked wallet recorded the issue with exactly that amount. `next_check_at`
 * and `checks` are the funding check's backoff.
 */
export const chainBounties = pgTable(
  'chain_bounties',
  {
    issueGithubId: bigint('issue_github_id', { mode: 'number' })
      .primaryKey()
      .references(() => bountyIssues.issueGithubId),
    /** The expected bounty in the chain's smallest unit (wei; weibars on Hedera), decimal. */
    amount: text('amount').notNull(),
    /** Unix seconds: the deadline the funding must name, at least. */
    deadline: bigint('deadline', { mode: 'number' }).notNull(),
    /** The wallet that paid it in (lowercase), once funded. */
    funder: text('funder'),
    fundingTxHash: text('funding_tx_hash'),
    fundedAt: timestamp('funded_at', { withTimezone: true }),
    /** Why the chain's record can never be this bounty's funding (another wallet, amount ...). */
    refusedReason: text('refused_reason'),
    /** What the last check found wrong, while still awaiting funding. */
    lastCheckError: text('last_check_error'),
    checks: integer('checks').notNull().default(0),
    nextCheckAt: timestamp('next_check_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: createdAt(),
  },
  (t) => [
    check('chain_bounties_amount', sql`${t.amount} ~ '^[1-9][0-9]{0,77}$'`),
    check('chain_bounties_funded', sql`(${t.funder} is null) = (${t.fundedAt} is null)`),
    check(
      'chain_bounties_funded_or_refused',
      sql`${t.fundedAt} is null or ${t.refusedReason} is null`,
    ),
    // What the funding check still looks for, soonest first.
    index('chain_bounties_awaiting_idx')
      .on(t.nextCheckAt)
      .where(sql`${t.fundedAt} is null and ${t.refusedReason} is null`),
  ],
);

/**
 * Demo mode's wallets (decision 010): a key the server made for a maintainer on demo mode's local
 * chain (anvil), linked to their account by its signature like any wallet, so a demo maintainer can fund
 * a chain bounty with no wallet of their own. The key is encrypted (lib/secret-box.ts), used only
 * on the server to sign that maintainer's funding, and never sent to a browser.
 */
export const demoWallets = pgTable('demo_wallets', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  address: text('address').notNull().unique(),
  privateKeyEncrypted: text('private_key_encrypted').notNull(),
  createdAt: createdAt(),
});

/**
 * The chain outbox (docs/ARCHITECTURE.md, The chain): each write of the operator the escrow
 * contract must mirror, committed in the same transaction as the OpenStake change it mirrors,
 * then sent by the `send-chain-operations` job (or right after the request). One row per kind and
 * reference, so a retried request or settlement never asks twice. The chain's issue id is the
 * bounty issue's GitHub issue id. `locked_until` is one sender's claim; `next_attempt_at` the
 * backoff. A `hold` is re-armed (`revision` + 1, pending again) whenever the issue's pending
 * stakes change; its sender works out the hold from the database when it sends, and records it
 * done only if no change came meanwhile. `record_issue` and `add_bounty` are escrow version 2's
 * (the operator paid bounties in) and are never written again.
 */
export const CHAIN_OPERATION_KINDS = [
  'record_issue',
  'add_bounty',
  'release',
  'refund',
  'hold',
] as const;
export const CHAIN_OPERATION_STATUSES = ['pending', 'sent', 'recorded', 'failed'] as const;
export const chainOperations = pgTable(
  'chain_operations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind', { enum: CHAIN_OPERATION_KINDS }).notNull(),
    /** What it mirrors, unique per kind: the bounty issue's GitHub id. */
    reference: text('reference').notNull(),
    issueGithubId: bigint('issue_github_id', { mode: 'number' })
      .notNull()
      .references(() => bountyIssues.issueGithubId),
    /** What to send (amounts in the chain's smallest unit, as decimal strings). */
    payload: jsonb('payload').notNull(),
    status: text('status', { enum: CHAIN_OPERATION_STATUSES }).notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    /** The transaction that did it (or, once sent, the one that may have) and when it was sent. */
    txHash: text('tx_hash'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    /**
     * The chain's newest block when the operation was first taken up, before anything was sent:
     * a transaction that did it can only be in a later block, so a lost one is looked for from here.
     */
    fromBlock: bigint('from_block', { mode: 'bigint' }),
    /** Bumped each time a hold is re-armed; a send finishes only the revision it started with. */
    revision: integer('revision').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    recordedAt: timestamp('recorded_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('chain_operations_kind_reference_idx').on(t.kind, t.reference),
    check('chain_operations_status', sql`${t.status} in ('pending', 'sent', 'recorded', 'failed')`),
    // A hold the chain already held needed no transaction.
    check(
      'chain_operations_recorded_has_hash',
      sql`${t.status} <> 'recorded' or ${t.txHash} is not null or ${t.kind} = 'hold'`,
    ),
    // What the sender still has to do, soonest first.
    index('chain_operations_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.status} in ('pending', 'sent')`),
    // A bounty issue's chain state, for its lists and pages.
    index('chain_operations_issue_idx').on(t.issueGithubId),
  ],
);

/**
 * The mail outbox (modules/mail/, decision 016): one row per message, written by `queueMail` in
 * the transaction of the change that causes it, so a mail exists if and only if that change
 * committed. The `send-mail` job claims a due row (`claimed_until`, a lease taken with
 * `for update skip locked`), sends it over SMTP and marks it sent; a failure is kept in
 * `last_error` (never a secret) and retried from `next_attempt_at` until it is given up
 * (`failed_at`). `dedupe_key`, when set, queues a message at most once ("the weekly report of
 * organization X for week W"). `message_id` is the Message-ID it was sent with, the same on
 * every attempt, so a receiver can drop a copy sent twice (a crash after SMTP accepted it).
 */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    recipient: text('recipient').notNull(),
    /** The template it was made from (modules/mail/templates/). */
    kind: text('kind').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html').notNull(),
    /** Extra headers (List-Unsubscribe on notifications), name to value. */
    headers: jsonb('headers').$type<Record<string, string>>().notNull().default({}),
    /** The account it is for, when it is for one. */
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    dedupeKey: text('dedupe_key').unique(),
    createdAt: createdAt(),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    claimedUntil: timestamp('claimed_until', { withTimezone: true }),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    failedAt: timestamp('failed_at', { withTimezone: true }),
    lastError: text('last_error'),
    messageId: text('message_id'),
  },
  (t) => [
    // What the sender still has to do, soonest first.
    index('mail_outbox_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.sentAt} is null and ${t.failedAt} is null`),
    index('mail_outbox_user_idx').on(t.userId),
  ],
);
