CREATE TABLE "notification_settings" (
	"user_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"enabled" boolean NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "notification_settings_user_id_kind_pk" PRIMARY KEY("user_id","kind"),
	CONSTRAINT "notification_settings_kind" CHECK ("notification_settings"."kind" in ('company-message', 'stake-settled', 'bounty-posted', 'message-reply', 'stake-awaiting-review', 'weekly-report'))
);
--> statement-breakpoint
ALTER TABLE "notification_settings" ADD CONSTRAINT "notification_settings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- The maintainer's two notification switches move here, only where they differ from their
-- defaults ('Email notifications' on, 'Weekly reports' off): a switch never set is at its default.
INSERT INTO "notification_settings" ("user_id", "kind", "enabled", "updated_at")
  SELECT "user_id", 'stake-awaiting-review', false, "updated_at" FROM "maintainer_preferences" WHERE NOT "email_notifications"
  UNION ALL
  SELECT "user_id", 'weekly-report', true, "updated_at" FROM "maintainer_preferences" WHERE "weekly_reports";--> statement-breakpoint
ALTER TABLE "maintainer_preferences" DROP COLUMN "email_notifications";--> statement-breakpoint
ALTER TABLE "maintainer_preferences" DROP COLUMN "weekly_reports";