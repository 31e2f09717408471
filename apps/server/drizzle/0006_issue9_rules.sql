CREATE TABLE "oauth_states" (
	"state_hash" text PRIMARY KEY NOT NULL,
	"nonce_hash" text NOT NULL,
	"intent" jsonb NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"consumed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "github_deliveries" ADD COLUMN "payload_sha256" text;--> statement-breakpoint
ALTER TABLE "repositories" ADD COLUMN "language" text;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "last_seen_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "stakes" ADD COLUMN "deduction_percent" integer DEFAULT 10 NOT NULL;--> statement-breakpoint
-- Stakes placed before this column keep the deduction their repository has now.
UPDATE "stakes" SET "deduction_percent" = r."deduction_percent" FROM "repositories" r WHERE r."full_name" = "stakes"."repository_full_name";--> statement-breakpoint
ALTER TABLE "stakes" ALTER COLUMN "deduction_percent" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "tracked_issues" ADD COLUMN "repository_private" boolean DEFAULT true NOT NULL;--> statement-breakpoint
CREATE INDEX "oauth_states_expires_at_idx" ON "oauth_states" USING btree ("expires_at");--> statement-breakpoint
-- One pull request, one issue: where a pull request was staked on several issues before this rule,
-- its oldest stake stays and the others are refunded in full through the ledger (as an expiry).
WITH "dup" AS (
  SELECT "id" FROM (
    SELECT "id", row_number() OVER (PARTITION BY "repository_full_name", "pr_number" ORDER BY "created_at", "id") AS "n"
    FROM "stakes" WHERE "status" = 'pending'
  ) "ranked" WHERE "n" > 1
), "settled" AS (
  UPDATE "stakes" SET "status" = 'expired', "settled_at" = now(), "settled_by" = 'one-pull-request-rule'
  WHERE "id" IN (SELECT "id" FROM "dup") RETURNING "id", "user_id", "amount"
), "moved" AS (
  INSERT INTO "transfers" ("from_account_id", "to_account_id", "amount", "kind", "reference", "idempotency_key")
  SELECT e."id", w."id", st."amount", 'stake_refund', st."id"::text, 'stake-refund:' || st."id"::text
  FROM "settled" st
  JOIN "accounts" e ON e."kind" = 'stake_escrow' AND e."owner" = st."id"::text
  JOIN "accounts" w ON w."kind" = 'wallet' AND w."owner" = st."user_id"::text
  RETURNING "from_account_id", "to_account_id", "amount"
), "debited" AS (
  UPDATE "accounts" a SET "balance" = a."balance" - m."amount" FROM "moved" m WHERE a."id" = m."from_account_id" RETURNING a."id"
)
UPDATE "accounts" a SET "balance" = a."balance" + m."total"
FROM (SELECT "to_account_id", sum("amount")::integer AS "total" FROM "moved" GROUP BY "to_account_id") m
WHERE a."id" = m."to_account_id";--> statement-breakpoint
CREATE UNIQUE INDEX "stakes_one_pending_per_pull_request_idx" ON "stakes" USING btree ("repository_full_name","pr_number") WHERE "stakes"."status" = 'pending';--> statement-breakpoint
ALTER TABLE "github_deliveries" ADD CONSTRAINT "github_deliveries_payload_sha256_unique" UNIQUE("payload_sha256");--> statement-breakpoint
ALTER TABLE "stakes" ADD CONSTRAINT "stakes_deduction_range" CHECK ("stakes"."deduction_percent" between 0 and 20);