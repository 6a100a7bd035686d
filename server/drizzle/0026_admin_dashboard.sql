CREATE TABLE "coin_day_totals" (
	"day" date NOT NULL,
	"organization_id" integer NOT NULL,
	"granted" bigint NOT NULL,
	"spent" bigint NOT NULL,
	CONSTRAINT "coin_day_totals_day_organization_id_pk" PRIMARY KEY("day","organization_id")
);
--> statement-breakpoint
CREATE TABLE "coin_days_totalled" (
	"day" date PRIMARY KEY NOT NULL
);
--> statement-breakpoint
ALTER TABLE "coin_day_totals" ADD CONSTRAINT "coin_day_totals_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "coin_movements_created_at_index" ON "coin_movements" USING btree ("created_at","reason");