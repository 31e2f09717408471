import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  text,
  timestamp,
  unique,
  uuid,
} from 'drizzle-orm/pg-core';
import { ROLES } from '@openstake/core';

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
    /** Always the sum of the user's xp_events; rank is derived from it (DESIGN.md s6). */
    xp: integer('xp').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
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
  },
  (t) => [index('sessions_user_id_idx').on(t.userId)],
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
 * A coin account (DESIGN.md section 4). `owner` names what the account belongs to (a user id for
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

/** Every XP change, written with the users.xp update; the idempotency key makes grants once-only. */
export const xpEvents = pgTable(
  'xp_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    amount: integer('amount').notNull(),
    kind: text('kind').notNull(),
    reference: text('reference').notNull(),
    idempotencyKey: text('idempotency_key').notNull().unique(),
    createdAt: createdAt(),
  },
  (t) => [
    check('xp_events_amount_nonzero', sql`${t.amount} <> 0`),
    index('xp_events_user_idx').on(t.userId),
  ],
);

/** A GitHub account proven by OAuth. The token is stored encrypted (AES-256-GCM), never shown. */
export const githubAccounts = pgTable('github_accounts', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  githubId: bigint('github_id', { mode: 'number' }).notNull().unique(),
  login: text('login').notNull(),
  accessTokenEncrypted: text('access_token_encrypted').notNull(),
  scope: text('scope').notNull().default(''),
  linkedAt: timestamp('linked_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A GitHub repository connected by a maintainer: its webhook and its stake settings. */
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
    webhookId: bigint('webhook_id', { mode: 'number' }),
    webhookSecretEncrypted: text('webhook_secret_encrypted'),
    connectedAt: timestamp('connected_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    check('repositories_deduction_range', sql`${t.deductionPercent} between 0 and 20`),
    check('repositories_full_name_lowercase', sql`${t.fullName} = lower(${t.fullName})`),
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
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
    processedAt: timestamp('processed_at', { withTimezone: true }),
  },
  (t) => [
    index('github_deliveries_unprocessed_idx')
      .on(t.receivedAt)
      .where(sql`${t.processedAt} is null`),
  ],
);
