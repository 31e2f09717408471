ALTER TABLE "repositories" ADD COLUMN "bot_comments" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "stakes" ADD COLUMN "settlement_told_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "stakes_settlement_untold_idx" ON "stakes" USING btree ("settled_at") WHERE "stakes"."status" <> 'pending' and "stakes"."settlement_told_at" is null;--> statement-breakpoint
-- Stakes settled before this migration were never commented on: nothing is owed for them.
UPDATE "stakes" SET "settlement_told_at" = "settled_at" WHERE "status" <> 'pending';
