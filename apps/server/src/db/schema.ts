import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
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
    passwordHash: text('password_hash').notNull(),
    role: roleEnum('role').notNull(),
    githubUsername: text('github_username'),
    createdAt: createdAt(),
  },
  (t) => [
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
