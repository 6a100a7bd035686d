CREATE TABLE "violation_report_actions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "violation_report_actions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"subject_id" integer NOT NULL,
	"action" text NOT NULL,
	"actor_user_id" integer,
	"actor_name" text,
	"deleted_count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "violation_report_actions_action_check" CHECK ("violation_report_actions"."action" in ('resolve', 'ignore', 'auto_hide', 'restore'))
);
--> statement-breakpoint
CREATE TABLE "violation_report_subjects" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "violation_report_subjects_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"organization_id" integer NOT NULL,
	"object_type" text NOT NULL,
	"object_id" integer NOT NULL,
	"author_member_id" integer,
	"author_guest_id" integer,
	"hidden_at" timestamp with time zone,
	"deleted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "violation_report_subjects_object_unique" UNIQUE("object_type","object_id")
);
--> statement-breakpoint
CREATE TABLE "violation_reports" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "violation_reports_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"organization_id" integer NOT NULL,
	"subject_id" integer NOT NULL,
	"reporter_member_id" integer,
	"reporter_guest_id" integer,
	"reporter_name" text NOT NULL,
	"reason_category" text NOT NULL,
	"reason" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"evidence" jsonb NOT NULL,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "violation_reports_subject_member_unique" UNIQUE("subject_id","reporter_member_id"),
	CONSTRAINT "violation_reports_subject_guest_unique" UNIQUE("subject_id","reporter_guest_id"),
	CONSTRAINT "violation_reports_status_check" CHECK ("violation_reports"."status" in ('pending', 'resolved', 'ignored')),
	CONSTRAINT "violation_reports_one_reporter_check" CHECK ("violation_reports"."reporter_member_id" is null or "violation_reports"."reporter_guest_id" is null)
);
--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "violation_auto_hide_threshold" integer DEFAULT 3 NOT NULL;--> statement-breakpoint
ALTER TABLE "violation_report_actions" ADD CONSTRAINT "violation_report_actions_subject_id_violation_report_subjects_id_fk" FOREIGN KEY ("subject_id") REFERENCES "public"."violation_report_subjects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "violation_report_actions" ADD CONSTRAINT "violation_report_actions_actor_user_id_users_id_fk" FOREIGN KEY ("actor_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "violation_report_subjects" ADD CONSTRAINT "violation_report_subjects_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "violation_report_subjects" ADD CONSTRAINT "violation_report_subjects_author_member_id_organization_members_id_fk" FOREIGN KEY ("author_member_id") REFERENCES "public"."organization_members"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "violation_report_subjects" ADD CONSTRAINT "violation_report_subjects_author_guest_id_event_guests_id_fk" FOREIGN KEY ("author_guest_id") REFERENCES "public"."event_guests"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "violation_reports" ADD CONSTRAINT "violation_reports_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "violation_reports" ADD CONSTRAINT "violation_reports_subject_id_violation_report_subjects_id_fk" FOREIGN KEY ("subject_id") REFERENCES "public"."violation_report_subjects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "violation_reports" ADD CONSTRAINT "violation_reports_reporter_member_id_organization_members_id_fk" FOREIGN KEY ("reporter_member_id") REFERENCES "public"."organization_members"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "violation_reports" ADD CONSTRAINT "violation_reports_reporter_guest_id_event_guests_id_fk" FOREIGN KEY ("reporter_guest_id") REFERENCES "public"."event_guests"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "violation_report_actions_subject_index" ON "violation_report_actions" USING btree ("subject_id");--> statement-breakpoint
CREATE INDEX "violation_report_subjects_author_member_index" ON "violation_report_subjects" USING btree ("author_member_id");--> statement-breakpoint
CREATE INDEX "violation_report_subjects_hidden_index" ON "violation_report_subjects" USING btree ("object_type","object_id") WHERE "violation_report_subjects"."hidden_at" is not null;--> statement-breakpoint
CREATE INDEX "violation_reports_organization_status_index" ON "violation_reports" USING btree ("organization_id","status","created_at");--> statement-breakpoint
CREATE INDEX "violation_reports_reporter_member_index" ON "violation_reports" USING btree ("reporter_member_id");--> statement-breakpoint
ALTER TABLE "organizations" ADD CONSTRAINT "organizations_violation_auto_hide_threshold_check" CHECK ("organizations"."violation_auto_hide_threshold" between 0 and 100);