ALTER TABLE "xp_events" ADD COLUMN "source_login_id" bigint;--> statement-breakpoint
ALTER TABLE "xp_events" ADD COLUMN "source_repository_id" bigint;--> statement-breakpoint
ALTER TABLE "xp_events" ADD COLUMN "source_organization_id" bigint;--> statement-breakpoint
-- Grants recorded before ids were kept: the ids OpenStake knows for their names today (a linked
-- GitHub account's login, a connected repository's full name). The rest stay matched by name.
UPDATE "xp_events" SET "source_login_id" = "github_accounts"."github_id" FROM "github_accounts" WHERE "xp_events"."source_login_id" IS NULL AND "xp_events"."source_login" = lower("github_accounts"."login");--> statement-breakpoint
UPDATE "xp_events" SET "source_repository_id" = "repositories"."github_id" FROM "repositories" WHERE "xp_events"."source_repository_id" IS NULL AND "xp_events"."source_repository" = lower("repositories"."full_name");
