ALTER TABLE "spam_marks" ADD COLUMN "author_github_id" bigint;--> statement-breakpoint
CREATE INDEX "spam_marks_author_github_created_idx" ON "spam_marks" USING btree ("author_github_id","created_at");--> statement-breakpoint
-- Marks made before the id was kept: the GitHub id of the account their author had linked.
UPDATE "spam_marks" SET "author_github_id" = "github_accounts"."github_id" FROM "github_accounts" WHERE "github_accounts"."user_id" = "spam_marks"."author_user_id" AND "spam_marks"."author_github_id" IS NULL;
