CREATE TABLE "repository_vouches" (
	"repository_id" uuid NOT NULL,
	"github_user_id" bigint NOT NULL,
	"login" text NOT NULL,
	"kind" text NOT NULL,
	"reason" text,
	"decided_by" uuid,
	"source" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "repository_vouches_repository_id_github_user_id_pk" PRIMARY KEY("repository_id","github_user_id")
);
--> statement-breakpoint
CREATE TABLE "spam_marks" (
	"repository_full_name" text NOT NULL,
	"pr_number" integer NOT NULL,
	"author_github_login" text NOT NULL,
	"author_user_id" uuid,
	"marked_by" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "spam_marks_repository_full_name_pr_number_pk" PRIMARY KEY("repository_full_name","pr_number")
);
--> statement-breakpoint
ALTER TABLE "github_accounts" ADD COLUMN "github_created_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "repositories" ADD COLUMN "max_open_stakes_per_contributor" integer DEFAULT 2 NOT NULL;--> statement-breakpoint
ALTER TABLE "repositories" ADD COLUMN "max_newcomer_stakes_per_issue" integer DEFAULT 3 NOT NULL;--> statement-breakpoint
ALTER TABLE "repositories" ADD COLUMN "exclusive_window_days" integer;--> statement-breakpoint
ALTER TABLE "repositories" ADD COLUMN "min_xp" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "repositories" ADD COLUMN "vouched_only" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "repositories" ADD COLUMN "allow_generated" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "repositories" ADD COLUMN "bot_unstaked_notice" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "repositories" ADD COLUMN "bot_close_denounced" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "stakes" ADD COLUMN "price_percent" integer DEFAULT 100 NOT NULL;--> statement-breakpoint
ALTER TABLE "stakes" ADD COLUMN "ai_assistance" text DEFAULT 'none' NOT NULL;--> statement-breakpoint
ALTER TABLE "stakes" ADD COLUMN "exclusive_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "stakes" ADD COLUMN "window_lapsed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "repository_vouches" ADD CONSTRAINT "repository_vouches_repository_id_repositories_id_fk" FOREIGN KEY ("repository_id") REFERENCES "public"."repositories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "repository_vouches" ADD CONSTRAINT "repository_vouches_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "spam_marks" ADD CONSTRAINT "spam_marks_author_user_id_users_id_fk" FOREIGN KEY ("author_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "spam_marks" ADD CONSTRAINT "spam_marks_marked_by_users_id_fk" FOREIGN KEY ("marked_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "repository_vouches_user_idx" ON "repository_vouches" USING btree ("github_user_id");--> statement-breakpoint
CREATE INDEX "spam_marks_author_created_idx" ON "spam_marks" USING btree ("author_user_id","created_at");--> statement-breakpoint
CREATE INDEX "stakes_window_open_idx" ON "stakes" USING btree ("exclusive_until") WHERE "stakes"."status" = 'pending' and "stakes"."window_lapsed_at" is null;--> statement-breakpoint
ALTER TABLE "repositories" ADD CONSTRAINT "repositories_slot_ranges" CHECK ("repositories"."max_open_stakes_per_contributor" between 1 and 20 and "repositories"."max_newcomer_stakes_per_issue" between 1 and 50 and ("repositories"."exclusive_window_days" is null or "repositories"."exclusive_window_days" between 1 and 30) and "repositories"."min_xp" >= 0);--> statement-breakpoint
ALTER TABLE "stakes" ADD CONSTRAINT "stakes_price_range" CHECK ("stakes"."price_percent" between 50 and 400);