CREATE TABLE "slash_commands" (
	"comment_id" bigint PRIMARY KEY NOT NULL,
	"repository_full_name" text NOT NULL,
	"issue_number" integer NOT NULL,
	"command" text NOT NULL,
	"commenter_login" text NOT NULL,
	"outcome" text,
	"reply" text,
	"reply_comment_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
