ALTER TABLE "chain_operations" ADD COLUMN "from_block" bigint;--> statement-breakpoint
-- Operations from before: a transaction of theirs may be in any block so far.
UPDATE "chain_operations" SET "from_block" = 0;
