ALTER TABLE "user_devices" ADD COLUMN "platform" text DEFAULT 'app' NOT NULL;--> statement-breakpoint
ALTER TABLE "user_devices" ADD COLUMN "last_seen_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "notification_preferences" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
CREATE INDEX "user_devices_last_seen_at_index" ON "user_devices" USING btree ("last_seen_at");--> statement-breakpoint
-- hand-written: devices stored before were last seen when last updated; a token held twice stays with its latest sender.
UPDATE "user_devices" SET "last_seen_at" = "updated_at";--> statement-breakpoint
DELETE FROM "user_devices" AS "older" USING "user_devices" AS "newer"
  WHERE "older"."fcm_token" = "newer"."fcm_token" AND ("older"."updated_at", "older"."id") < ("newer"."updated_at", "newer"."id");--> statement-breakpoint
-- end of hand-written
ALTER TABLE "user_devices" ADD CONSTRAINT "user_devices_fcm_token_unique" UNIQUE("fcm_token");--> statement-breakpoint
ALTER TABLE "user_devices" ADD CONSTRAINT "user_devices_platform_check" CHECK ("user_devices"."platform" in ('app', 'web'));