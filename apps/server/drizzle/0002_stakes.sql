CREATE TYPE "public"."stake_status" AS ENUM('pending', 'accepted', 'rejected', 'expired');--> statement-breakpoint
CREATE TABLE "contributor_profiles" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"name" text,
	"bio" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "contributor_profiles_bio_length" CHECK (char_length("contributor_profiles"."bio") <= 500)
);
--> statement-breakpoint
CREATE TABLE "repository_analyses" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"data" jsonb NOT NULL,
	"analyzed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "stakes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"issue_github_id" bigint NOT NULL,
	"repository_full_name" text NOT NULL,
	"pr_number" integer NOT NULL,
	"pr_url" text NOT NULL,
	"amount" integer NOT NULL,
	"status" "stake_status" DEFAULT 'pending' NOT NULL,
	"coins_earned" integer DEFAULT 0 NOT NULL,
	"xp_earned" integer DEFAULT 0 NOT NULL,
	"coins_lost" integer DEFAULT 0 NOT NULL,
	"settled_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"settled_at" timestamp with time zone,
	CONSTRAINT "stakes_amount_positive" CHECK ("stakes"."amount" > 0),
	CONSTRAINT "stakes_settled_consistently" CHECK (("stakes"."status" = 'pending') = ("stakes"."settled_at" is null))
);
--> statement-breakpoint
CREATE TABLE "tracked_issues" (
	"github_id" bigint PRIMARY KEY NOT NULL,
	"repository_full_name" text NOT NULL,
	"number" integer NOT NULL,
	"title" text NOT NULL,
	"body" text DEFAULT '' NOT NULL,
	"state" text NOT NULL,
	"labels" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"author_login" text NOT NULL,
	"comments_count" integer DEFAULT 0 NOT NULL,
	"html_url" text NOT NULL,
	"difficulty" text NOT NULL,
	"staking_required" integer NOT NULL,
	"xp_reward" integer NOT NULL,
	"bounty" integer DEFAULT 0 NOT NULL,
	"repository" jsonb NOT NULL,
	"github_created_at" timestamp with time zone NOT NULL,
	"github_updated_at" timestamp with time zone NOT NULL,
	"fetched_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tracked_issues_amounts" CHECK ("tracked_issues"."staking_required" > 0 and "tracked_issues"."xp_reward" >= 0 and "tracked_issues"."bounty" >= 0)
);
--> statement-breakpoint
ALTER TABLE "contributor_profiles" ADD CONSTRAINT "contributor_profiles_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "repository_analyses" ADD CONSTRAINT "repository_analyses_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stakes" ADD CONSTRAINT "stakes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stakes" ADD CONSTRAINT "stakes_issue_github_id_tracked_issues_github_id_fk" FOREIGN KEY ("issue_github_id") REFERENCES "public"."tracked_issues"("github_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "stakes_one_pending_per_issue_idx" ON "stakes" USING btree ("user_id","issue_github_id") WHERE "stakes"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "stakes_pull_request_idx" ON "stakes" USING btree ("repository_full_name","pr_number");--> statement-breakpoint
CREATE INDEX "stakes_user_idx" ON "stakes" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "tracked_issues_repo_number_idx" ON "tracked_issues" USING btree ("repository_full_name","number");