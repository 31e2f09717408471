CREATE TABLE "chain_bounties" (
	"issue_github_id" bigint PRIMARY KEY NOT NULL,
	"amount" text NOT NULL,
	"deadline" bigint NOT NULL,
	"funder" text,
	"funding_tx_hash" text,
	"funded_at" timestamp with time zone,
	"refused_reason" text,
	"last_check_error" text,
	"checks" integer DEFAULT 0 NOT NULL,
	"next_check_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "chain_bounties_amount" CHECK ("chain_bounties"."amount" ~ '^[1-9][0-9]{0,77}$'),
	CONSTRAINT "chain_bounties_funded" CHECK (("chain_bounties"."funder" is null) = ("chain_bounties"."funded_at" is null)),
	CONSTRAINT "chain_bounties_funded_or_refused" CHECK ("chain_bounties"."funded_at" is null or "chain_bounties"."refused_reason" is null)
);
--> statement-breakpoint
CREATE TABLE "demo_wallets" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"address" text NOT NULL,
	"private_key_encrypted" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "demo_wallets_address_unique" UNIQUE("address")
);
--> statement-breakpoint
ALTER TABLE "chain_operations" DROP CONSTRAINT "chain_operations_recorded_has_hash";--> statement-breakpoint
ALTER TABLE "chain_operations" ADD COLUMN "revision" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "chain_bounties" ADD CONSTRAINT "chain_bounties_issue_github_id_bounty_issues_issue_github_id_fk" FOREIGN KEY ("issue_github_id") REFERENCES "public"."bounty_issues"("issue_github_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "demo_wallets" ADD CONSTRAINT "demo_wallets_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "chain_bounties_awaiting_idx" ON "chain_bounties" USING btree ("next_check_at") WHERE "chain_bounties"."funded_at" is null and "chain_bounties"."refused_reason" is null;--> statement-breakpoint
ALTER TABLE "chain_operations" ADD CONSTRAINT "chain_operations_recorded_has_hash" CHECK ("chain_operations"."status" <> 'recorded' or "chain_operations"."tx_hash" is not null or "chain_operations"."kind" = 'hold');