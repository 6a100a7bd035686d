CREATE TABLE "user_identity_links" (
	"firebase_uid" text PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"provider" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "sign_in_methods" text[] DEFAULT '{password,google,microsoft,emailLink}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "mfa_required_for_managers" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "user_identity_links" ADD CONSTRAINT "user_identity_links_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "user_identity_links_user_id_index" ON "user_identity_links" USING btree ("user_id");--> statement-breakpoint
ALTER TABLE "organizations" ADD CONSTRAINT "organizations_sign_in_methods_check" CHECK (cardinality("organizations"."sign_in_methods") >= 1 and "organizations"."sign_in_methods" <@ array['password', 'google', 'microsoft', 'emailLink']::text[]);