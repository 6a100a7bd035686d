CREATE TABLE "activity_months" (
	"organization_member_id" integer NOT NULL,
	"month" date NOT NULL,
	"health_points" integer NOT NULL,
	"active_days" smallint NOT NULL,
	CONSTRAINT "activity_months_organization_member_id_month_pk" PRIMARY KEY("organization_member_id","month")
);
--> statement-breakpoint
ALTER TABLE "activity_months" ADD CONSTRAINT "activity_months_organization_member_id_organization_members_id_fk" FOREIGN KEY ("organization_member_id") REFERENCES "public"."organization_members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "activity_months_month_index" ON "activity_months" USING btree ("month");