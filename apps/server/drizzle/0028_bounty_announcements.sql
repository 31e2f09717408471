ALTER TABLE "bounty_issues" ADD COLUMN "announced_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "bounty_issues_unannounced_idx" ON "bounty_issues" USING btree ("created_at") WHERE "bounty_issues"."announced_at" is null;--> statement-breakpoint
-- The bounties posted before announcements existed are not announced now, long after.
UPDATE "bounty_issues" SET "announced_at" = "created_at";
