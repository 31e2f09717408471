CREATE TYPE "public"."conversation_status" AS ENUM('open', 'declined');--> statement-breakpoint
CREATE TABLE "contributor_languages" (
	"user_id" uuid NOT NULL,
	"language" text NOT NULL,
	"position" integer NOT NULL,
	CONSTRAINT "contributor_languages_user_id_language_pk" PRIMARY KEY("user_id","language")
);
--> statement-breakpoint
CREATE TABLE "conversations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"contributor_id" uuid NOT NULL,
	"status" "conversation_status" DEFAULT 'open' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"conversation_id" uuid NOT NULL,
	"sender_id" uuid NOT NULL,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"read_at" timestamp with time zone,
	CONSTRAINT "messages_body_length" CHECK (char_length("messages"."body") between 1 and 2000)
);
--> statement-breakpoint
ALTER TABLE "contributor_profiles" ADD COLUMN "listed_in_directory" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "contributor_profiles" ADD COLUMN "email_visible_to_companies" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "contributor_profiles" ADD COLUMN "companies_may_contact" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "last_active_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "contributor_languages" ADD CONSTRAINT "contributor_languages_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversations" ADD CONSTRAINT "conversations_company_id_users_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversations" ADD CONSTRAINT "conversations_contributor_id_users_id_fk" FOREIGN KEY ("contributor_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_conversation_id_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."conversations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_sender_id_users_id_fk" FOREIGN KEY ("sender_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "contributor_languages_lower_idx" ON "contributor_languages" USING btree (lower("language"),"user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "conversations_pair_idx" ON "conversations" USING btree ("company_id","contributor_id");--> statement-breakpoint
CREATE INDEX "conversations_contributor_idx" ON "conversations" USING btree ("contributor_id","updated_at");--> statement-breakpoint
CREATE INDEX "conversations_company_idx" ON "conversations" USING btree ("company_id","updated_at");--> statement-breakpoint
CREATE INDEX "messages_conversation_idx" ON "messages" USING btree ("conversation_id","created_at");--> statement-breakpoint
CREATE INDEX "messages_sender_created_idx" ON "messages" USING btree ("sender_id","created_at");--> statement-breakpoint
CREATE INDEX "messages_unread_idx" ON "messages" USING btree ("conversation_id") WHERE "messages"."read_at" is null;--> statement-breakpoint
CREATE INDEX "contributor_profiles_hidden_idx" ON "contributor_profiles" USING btree ("user_id") WHERE not "contributor_profiles"."listed_in_directory";--> statement-breakpoint
CREATE INDEX "stakes_accepted_user_settled_idx" ON "stakes" USING btree ("user_id","settled_at") WHERE "stakes"."status" = 'accepted';--> statement-breakpoint
CREATE INDEX "users_contributors_xp_idx" ON "users" USING btree ("xp","id") WHERE "users"."role" = 'contributor';--> statement-breakpoint
CREATE INDEX "users_contributors_active_idx" ON "users" USING btree ("last_active_at","id") WHERE "users"."role" = 'contributor';--> statement-breakpoint
-- Last activity so far: sign-up, or the latest use of a session.
UPDATE "users" SET "last_active_at" = greatest("users"."created_at", coalesce((SELECT max("sessions"."last_seen_at") FROM "sessions" WHERE "sessions"."user_id" = "users"."id"), "users"."created_at"));--> statement-breakpoint
-- Languages of the analyses made so far.
INSERT INTO "contributor_languages" ("user_id", "language", "position")
SELECT "repository_analyses"."user_id", l.name, (l.ordinality - 1)::int
FROM "repository_analyses", jsonb_array_elements_text("repository_analyses"."data" -> 'topLanguages') WITH ORDINALITY AS l(name, ordinality)
ON CONFLICT DO NOTHING;--> statement-breakpoint
-- The directory's search box matches anywhere in a username, name or email (ILIKE '%...%').
-- Trigram indexes serve it where the pg_trgm extension can be created (PostgreSQL with its
-- contrib modules); elsewhere (PGlite, or a server that refuses extensions) the same query runs
-- without them.
DO $$
BEGIN
  BEGIN
    CREATE EXTENSION IF NOT EXISTS pg_trgm;
  EXCEPTION WHEN OTHERS THEN
    RAISE NOTICE 'pg_trgm is not available: the directory search runs without trigram indexes';
  END;
  IF EXISTS (SELECT 1 FROM pg_extension WHERE extname = 'pg_trgm') THEN
    CREATE INDEX IF NOT EXISTS "users_contributor_username_trgm_idx" ON "users" USING gin ("github_username" gin_trgm_ops) WHERE "role" = 'contributor';
    CREATE INDEX IF NOT EXISTS "users_contributor_email_trgm_idx" ON "users" USING gin ("email" gin_trgm_ops) WHERE "role" = 'contributor';
    CREATE INDEX IF NOT EXISTS "contributor_profiles_name_trgm_idx" ON "contributor_profiles" USING gin ("name" gin_trgm_ops);
  END IF;
END $$;
