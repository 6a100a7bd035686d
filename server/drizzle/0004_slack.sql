CREATE TABLE "slack_credentials" (
	"organization_id" integer PRIMARY KEY NOT NULL,
	"team_id" text NOT NULL,
	"signing_secret_ciphertext" text NOT NULL,
	"bot_token_ciphertext" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "slack_credentials_team_id_unique" UNIQUE("team_id")
);
--> statement-breakpoint
CREATE TABLE "slack_webhooks" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "slack_webhooks_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"organization_id" integer NOT NULL,
	"url" text NOT NULL,
	"language" text DEFAULT 'ja' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "slack_webhooks_organization_id_unique" UNIQUE("organization_id"),
	CONSTRAINT "slack_webhooks_language_check" CHECK ("slack_webhooks"."language" in ('ja', 'en'))
);
--> statement-breakpoint
ALTER TABLE "slack_credentials" ADD CONSTRAINT "slack_credentials_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "slack_webhooks" ADD CONSTRAINT "slack_webhooks_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;