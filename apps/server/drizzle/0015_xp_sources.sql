ALTER TABLE "xp_events" DROP CONSTRAINT "xp_events_amount_nonzero";--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "xp_maintainers" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "xp_repositories" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "xp_events" ADD COLUMN "uncounted" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "xp_events" ADD COLUMN "source_login" text;--> statement-breakpoint
ALTER TABLE "xp_events" ADD COLUMN "source_repository" text;--> statement-breakpoint
ALTER TABLE "xp_events" ADD COLUMN "source_organization" text;--> statement-breakpoint
ALTER TABLE "xp_events" ADD COLUMN "limit_reason" text;--> statement-breakpoint
ALTER TABLE "xp_events" ADD CONSTRAINT "xp_events_amounts" CHECK ("xp_events"."amount" >= 0 and "xp_events"."uncounted" >= 0 and "xp_events"."amount" + "xp_events"."uncounted" > 0);--> statement-breakpoint
-- Where earlier merge XP came from, as far as OpenStake recorded it: the stake's repository, and
-- the merging maintainer when the merge was made in OpenStake (a merge seen only on GitHub named
-- its merger nowhere that was kept: those stay without one).
UPDATE "xp_events" e SET
  "source_repository" = s."repository_full_name",
  "source_organization" = split_part(s."repository_full_name", '/', 1),
  "source_login" = (
    SELECT lower(g."login") FROM "merged_pull_requests" m
    JOIN "github_accounts" g ON g."user_id" = m."merged_by"
    WHERE m."repository_full_name" = s."repository_full_name" AND m."pr_number" = s."pr_number")
FROM "stakes" s
WHERE e."kind" = 'merge_reward' AND e."reference" = s."id"::text;--> statement-breakpoint
UPDATE "xp_events" e SET
  "source_repository" = m."repository_full_name",
  "source_organization" = split_part(m."repository_full_name", '/', 1),
  "source_login" = (SELECT lower(g."login") FROM "github_accounts" g WHERE g."user_id" = m."merged_by")
FROM "merged_pull_requests" m
WHERE e."kind" = 'merge_reward' AND e."reference" = m."id"::text;--> statement-breakpoint
UPDATE "users" u SET
  "xp_maintainers" = (SELECT count(DISTINCT e."source_login") FROM "xp_events" e
    WHERE e."user_id" = u."id" AND e."amount" > 0 AND e."source_login" IS NOT NULL),
  "xp_repositories" = (SELECT count(DISTINCT e."source_repository") FROM "xp_events" e
    WHERE e."user_id" = u."id" AND e."amount" > 0 AND e."source_repository" IS NOT NULL)
WHERE EXISTS (SELECT 1 FROM "xp_events" e WHERE e."user_id" = u."id" AND e."kind" = 'merge_reward');
