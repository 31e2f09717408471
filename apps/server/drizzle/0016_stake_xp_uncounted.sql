ALTER TABLE "stakes" ADD COLUMN "xp_uncounted" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "stakes" ADD COLUMN "xp_limit_reason" text;