CREATE TABLE "activity_days" (
	"organization_member_id" integer NOT NULL,
	"day" date NOT NULL,
	"steps" integer DEFAULT 0 NOT NULL,
	"workout_minutes" integer DEFAULT 0 NOT NULL,
	"calories" integer DEFAULT 0 NOT NULL,
	"distance_meters" integer DEFAULT 0 NOT NULL,
	"health_points" smallint DEFAULT 0 NOT NULL,
	"source" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "activity_days_organization_member_id_day_pk" PRIMARY KEY("organization_member_id","day"),
	CONSTRAINT "activity_days_figures_check" CHECK ("activity_days"."steps" >= 0 and "activity_days"."workout_minutes" >= 0 and "activity_days"."calories" >= 0 and "activity_days"."distance_meters" >= 0),
	CONSTRAINT "activity_days_health_points_check" CHECK ("activity_days"."health_points" between 0 and 12),
	CONSTRAINT "activity_days_source_check" CHECK ("activity_days"."source" in ('manual', 'app'))
);
--> statement-breakpoint
ALTER TABLE "activity_days" ADD CONSTRAINT "activity_days_organization_member_id_organization_members_id_fk" FOREIGN KEY ("organization_member_id") REFERENCES "public"."organization_members"("id") ON DELETE cascade ON UPDATE no action;