DROP INDEX "stakes_user_idx";--> statement-breakpoint
DROP INDEX "xp_events_user_idx";--> statement-breakpoint
DROP INDEX "bounty_issues_created_by_idx";--> statement-breakpoint
CREATE INDEX "bounty_issues_unsettled_idx" ON "bounty_issues" USING btree ("created_at") WHERE "bounty_issues"."paid_at" is null and "bounty_issues"."refunded_at" is null;--> statement-breakpoint
CREATE INDEX "github_accounts_login_idx" ON "github_accounts" USING btree ("login");--> statement-breakpoint
CREATE INDEX "repositories_connected_by_idx" ON "repositories" USING btree ("connected_by");--> statement-breakpoint
CREATE INDEX "repositories_connected_at_idx" ON "repositories" USING btree ("connected_at") WHERE "repositories"."connected_at" is not null;--> statement-breakpoint
CREATE INDEX "stakes_user_created_idx" ON "stakes" USING btree ("user_id","created_at","id");--> statement-breakpoint
CREATE INDEX "stakes_issue_idx" ON "stakes" USING btree ("issue_github_id","status");--> statement-breakpoint
CREATE INDEX "stakes_pending_created_idx" ON "stakes" USING btree ("created_at") WHERE "stakes"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "xp_events_user_created_idx" ON "xp_events" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "bounty_issues_created_by_idx" ON "bounty_issues" USING btree ("created_by","created_at");