CREATE TABLE "export_jobs" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "export_jobs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"kind" text NOT NULL,
	"encoding" text NOT NULL,
	"params" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"requested_by_user_id" integer,
	"status" text DEFAULT 'queued' NOT NULL,
	"rows_done" integer DEFAULT 0 NOT NULL,
	"rows_total" integer,
	"file_name" text,
	"content" "bytea",
	"byte_size" integer,
	"error" text,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"expires_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "export_jobs_kind_check" CHECK ("export_jobs"."kind" in ('score', 'return_amount')),
	CONSTRAINT "export_jobs_encoding_check" CHECK ("export_jobs"."encoding" in ('utf8_bom', 'shift_jis'))
);
--> statement-breakpoint
CREATE TABLE "organization_change_requests" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "organization_change_requests_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"organization_id" integer NOT NULL,
	"requested_by_user_id" integer,
	"requested_plan" text,
	"requested_number_of_members" integer,
	"requested_unlimited_seats" boolean DEFAULT false NOT NULL,
	"requested_name" text,
	"reason" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"decision_note" text,
	"decided_by_user_id" integer,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "organization_change_requests_status_check" CHECK ("organization_change_requests"."status" in ('pending', 'approved', 'rejected', 'withdrawn'))
);
--> statement-breakpoint
CREATE TABLE "staff_actions" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "staff_actions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"actor_user_id" integer,
	"actor_label" text DEFAULT '' NOT NULL,
	"actor_role" text NOT NULL,
	"organization_id" integer,
	"kind" text NOT NULL,
	"method" text NOT NULL,
	"route" text NOT NULL,
	"target_type" text,
	"target_id" text,
	"changes" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"status_code" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "app_informations" ADD COLUMN "unpublished_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "sign_in_disabled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "last_signed_in_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "export_jobs" ADD CONSTRAINT "export_jobs_requested_by_user_id_users_id_fk" FOREIGN KEY ("requested_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organization_change_requests" ADD CONSTRAINT "organization_change_requests_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organization_change_requests" ADD CONSTRAINT "organization_change_requests_requested_by_user_id_users_id_fk" FOREIGN KEY ("requested_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organization_change_requests" ADD CONSTRAINT "organization_change_requests_decided_by_user_id_users_id_fk" FOREIGN KEY ("decided_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_actions" ADD CONSTRAINT "staff_actions_actor_user_id_users_id_fk" FOREIGN KEY ("actor_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "export_jobs_created_at_index" ON "export_jobs" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "organization_change_requests_organization_index" ON "organization_change_requests" USING btree ("organization_id","created_at");--> statement-breakpoint
CREATE INDEX "organization_change_requests_status_index" ON "organization_change_requests" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "staff_actions_created_at_index" ON "staff_actions" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "staff_actions_actor_index" ON "staff_actions" USING btree ("actor_user_id","created_at");--> statement-breakpoint
CREATE INDEX "staff_actions_organization_index" ON "staff_actions" USING btree ("organization_id","created_at");--> statement-breakpoint
CREATE INDEX "staff_actions_kind_index" ON "staff_actions" USING btree ("kind","created_at");