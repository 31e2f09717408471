-- Unlogged (Drizzle cannot declare it): no write-ahead log and no flush to disk per hit, which
-- made a counted hit ten times slower; a crash empties it, which only starts every window again.
CREATE UNLOGGED TABLE "rate_limit_counters" (
	"key" text PRIMARY KEY NOT NULL,
	"hits" integer NOT NULL,
	"resets_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "rate_limit_counters_resets_at_idx" ON "rate_limit_counters" USING btree ("resets_at");