CREATE TABLE "system_settings" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "system_settings_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"key" text NOT NULL,
	"value" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "system_settings_key_unique" UNIQUE("key")
);
--> statement-breakpoint
-- hand-written: the settings /app_install reads, with placeholder store links until an admin sets the real ones
-- (PUT /api/system_settings/{id}). A key that exists keeps its value.
INSERT INTO "system_settings" ("key", "value") VALUES
	('app_store_url', 'https://apps.apple.com/app/id0000000000'),
	('google_play_url', 'https://play.google.com/store/apps/details?id=example.kiwi')
ON CONFLICT ("key") DO NOTHING;
