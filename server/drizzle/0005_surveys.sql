CREATE TABLE "well_being_survey_answers" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "well_being_survey_answers_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"survey_id" integer NOT NULL,
	"organization_member_id" integer NOT NULL,
	"answers" jsonb NOT NULL,
	"physical" integer NOT NULL,
	"relationship" integer NOT NULL,
	"career" integer NOT NULL,
	"community" integer NOT NULL,
	"economically" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "well_being_survey_answers_survey_id_organization_member_id_unique" UNIQUE("survey_id","organization_member_id"),
	CONSTRAINT "well_being_survey_answers_scores_check" CHECK ("well_being_survey_answers"."physical" between 0 and 100 and "well_being_survey_answers"."relationship" between 0 and 100 and "well_being_survey_answers"."career" between 0 and 100 and "well_being_survey_answers"."community" between 0 and 100 and "well_being_survey_answers"."economically" between 0 and 100)
);
--> statement-breakpoint
CREATE TABLE "well_being_surveys" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "well_being_surveys_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"organization_id" integer NOT NULL,
	"title" text NOT NULL,
	"expired_at" timestamp with time zone NOT NULL,
	"last_reminded_at" timestamp with time zone,
	"created_by_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "well_being_survey_answers" ADD CONSTRAINT "well_being_survey_answers_survey_id_well_being_surveys_id_fk" FOREIGN KEY ("survey_id") REFERENCES "public"."well_being_surveys"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "well_being_survey_answers" ADD CONSTRAINT "well_being_survey_answers_organization_member_id_organization_members_id_fk" FOREIGN KEY ("organization_member_id") REFERENCES "public"."organization_members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "well_being_surveys" ADD CONSTRAINT "well_being_surveys_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "well_being_surveys" ADD CONSTRAINT "well_being_surveys_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "well_being_survey_answers_organization_member_id_index" ON "well_being_survey_answers" USING btree ("organization_member_id");--> statement-breakpoint
CREATE INDEX "well_being_surveys_organization_id_expired_at_index" ON "well_being_surveys" USING btree ("organization_id","expired_at");