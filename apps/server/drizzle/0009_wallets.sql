CREATE TYPE "public"."wallet_type" AS ENUM('hedera', 'metamask');--> statement-breakpoint
CREATE TABLE "wallet_challenges" (
	"nonce_hash" text PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"type" "wallet_type" NOT NULL,
	"address" text NOT NULL,
	"domain" text NOT NULL,
	"uri" text NOT NULL,
	"chain_id" integer NOT NULL,
	"context" jsonb NOT NULL,
	"issued_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"consumed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "wallets" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"type" "wallet_type" NOT NULL,
	"address" text NOT NULL,
	"public_key" text NOT NULL,
	"linked_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "wallets_type_address_unique" UNIQUE("type","address"),
	CONSTRAINT "wallets_user_type_unique" UNIQUE("user_id","type"),
	CONSTRAINT "wallets_address_format" CHECK (("wallets"."type" = 'metamask' and "wallets"."address" ~ '^0x[0-9a-f]{40}$') or ("wallets"."type" = 'hedera' and "wallets"."address" ~ '^[0-9]+\.[0-9]+\.[0-9]+$'))
);
--> statement-breakpoint
ALTER TABLE "wallet_challenges" ADD CONSTRAINT "wallet_challenges_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallets" ADD CONSTRAINT "wallets_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "wallet_challenges_expires_at_idx" ON "wallet_challenges" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "wallet_challenges_user_idx" ON "wallet_challenges" USING btree ("user_id");