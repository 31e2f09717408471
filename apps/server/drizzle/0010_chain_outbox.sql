CREATE TABLE "chain_operations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"reference" text NOT NULL,
	"issue_github_id" bigint NOT NULL,
	"payload" jsonb NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"tx_hash" text,
	"sent_at" timestamp with time zone,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"locked_until" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"recorded_at" timestamp with time zone,
	CONSTRAINT "chain_operations_status" CHECK ("chain_operations"."status" in ('pending', 'sent', 'recorded', 'failed')),
	CONSTRAINT "chain_operations_recorded_has_hash" CHECK ("chain_operations"."status" <> 'recorded' or "chain_operations"."tx_hash" is not null)
);
--> statement-breakpoint
ALTER TABLE "chain_operations" ADD CONSTRAINT "chain_operations_issue_github_id_bounty_issues_issue_github_id_fk" FOREIGN KEY ("issue_github_id") REFERENCES "public"."bounty_issues"("issue_github_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "chain_operations_kind_reference_idx" ON "chain_operations" USING btree ("kind","reference");--> statement-breakpoint
CREATE INDEX "chain_operations_due_idx" ON "chain_operations" USING btree ("next_attempt_at") WHERE "chain_operations"."status" in ('pending', 'sent');--> statement-breakpoint
CREATE INDEX "chain_operations_issue_idx" ON "chain_operations" USING btree ("issue_github_id");--> statement-breakpoint
ALTER TABLE "bounty_issues" DROP COLUMN "ledger_network_id";--> statement-breakpoint
ALTER TABLE "bounty_issues" DROP COLUMN "ledger_network_tx_hash";