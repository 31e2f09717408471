CREATE TABLE "github_installations" (
	"installation_id" bigint PRIMARY KEY NOT NULL,
	"app_id" bigint NOT NULL,
	"account_login" text NOT NULL,
	"installed_by_login" text NOT NULL,
	"not_connected_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "repositories" ADD COLUMN "installation_id" bigint;--> statement-breakpoint
CREATE INDEX "repositories_installation_idx" ON "repositories" USING btree ("installation_id") WHERE "repositories"."installation_id" is not null;--> statement-breakpoint
ALTER TABLE "repositories" ADD CONSTRAINT "repositories_connected_reachable" CHECK ("repositories"."connected_at" is null or "repositories"."webhook_secret_encrypted" is not null or "repositories"."installation_id" is not null);