CREATE TABLE "api_keys" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization" text NOT NULL,
	"name" text,
	"key_hash" text NOT NULL,
	"masked_key" text NOT NULL,
	"created_by" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_used_at" timestamp with time zone,
	CONSTRAINT "api_keys_key_hash_unique" UNIQUE("key_hash")
);
--> statement-breakpoint
CREATE TABLE "bounty_issues" (
	"issue_github_id" bigint PRIMARY KEY NOT NULL,
	"created_by" uuid NOT NULL,
	"bounty_amount" integer NOT NULL,
	"stake_amount" integer NOT NULL,
	"fee" integer NOT NULL,
	"ledger_network_id" text,
	"ledger_network_tx_hash" text,
	"paid_stake_id" uuid,
	"paid_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bounty_issues_amounts" CHECK ("bounty_issues"."bounty_amount" > 0 and "bounty_issues"."stake_amount" > 0 and "bounty_issues"."fee" >= 0),
	CONSTRAINT "bounty_issues_paid_consistently" CHECK (("bounty_issues"."paid_stake_id" is null) = ("bounty_issues"."paid_at" is null))
);
--> statement-breakpoint
CREATE TABLE "maintainer_preferences" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"auto_review_new_repositories" boolean DEFAULT true NOT NULL,
	"email_notifications" boolean DEFAULT true NOT NULL,
	"weekly_reports" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "merged_pull_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"repository_full_name" text NOT NULL,
	"pr_number" integer NOT NULL,
	"author_login" text NOT NULL,
	"author_user_id" uuid,
	"merged_by" uuid NOT NULL,
	"feedback" jsonb NOT NULL,
	"xp" integer DEFAULT 0 NOT NULL,
	"coins" integer DEFAULT 0 NOT NULL,
	"merge_sha" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"merged_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "organization_contexts" (
	"organization" text PRIMARY KEY NOT NULL,
	"context" text NOT NULL,
	"repo_links" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"updated_by" uuid NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "stakes" ADD COLUMN "bounty_earned" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "api_keys" ADD CONSTRAINT "api_keys_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bounty_issues" ADD CONSTRAINT "bounty_issues_issue_github_id_tracked_issues_github_id_fk" FOREIGN KEY ("issue_github_id") REFERENCES "public"."tracked_issues"("github_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bounty_issues" ADD CONSTRAINT "bounty_issues_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bounty_issues" ADD CONSTRAINT "bounty_issues_paid_stake_id_stakes_id_fk" FOREIGN KEY ("paid_stake_id") REFERENCES "public"."stakes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "maintainer_preferences" ADD CONSTRAINT "maintainer_preferences_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "merged_pull_requests" ADD CONSTRAINT "merged_pull_requests_author_user_id_users_id_fk" FOREIGN KEY ("author_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "merged_pull_requests" ADD CONSTRAINT "merged_pull_requests_merged_by_users_id_fk" FOREIGN KEY ("merged_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organization_contexts" ADD CONSTRAINT "organization_contexts_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "api_keys_organization_idx" ON "api_keys" USING btree ("organization");--> statement-breakpoint
CREATE INDEX "bounty_issues_created_by_idx" ON "bounty_issues" USING btree ("created_by");--> statement-breakpoint
CREATE UNIQUE INDEX "merged_pull_requests_pr_idx" ON "merged_pull_requests" USING btree ("repository_full_name","pr_number");