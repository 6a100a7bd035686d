CREATE TABLE "walking_event_message_reactions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "walking_event_message_reactions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"message_id" integer NOT NULL,
	"organization_member_id" integer NOT NULL,
	"emoji" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "walking_event_message_reactions_unique" UNIQUE("message_id","organization_member_id","emoji")
);
--> statement-breakpoint
CREATE TABLE "walking_event_messages" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "walking_event_messages_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"walking_event_id" integer NOT NULL,
	"team_id" integer NOT NULL,
	"organization_member_id" integer NOT NULL,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "walking_event_team_members" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "walking_event_team_members_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"walking_event_id" integer NOT NULL,
	"team_id" integer NOT NULL,
	"organization_member_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "walking_event_team_members_event_member_unique" UNIQUE("walking_event_id","organization_member_id")
);
--> statement-breakpoint
CREATE TABLE "walking_event_teams" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "walking_event_teams_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"walking_event_id" integer NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "walking_events" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "walking_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"organization_id" integer NOT NULL,
	"title" text NOT NULL,
	"started_at" date NOT NULL,
	"ended_at" date NOT NULL,
	"final_result_published_at" timestamp with time zone NOT NULL,
	"random_type" text NOT NULL,
	"team_limit" integer NOT NULL,
	"member_limit" integer NOT NULL,
	"show_team_member_data" boolean NOT NULL,
	"show_personal_statistics" boolean NOT NULL,
	"random_seed" text,
	"finalized_at" timestamp with time zone,
	"final_result" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "walking_events_random_type_check" CHECK ("walking_events"."random_type" in ('manual', 'random', 'balanced')),
	CONSTRAINT "walking_events_days_check" CHECK ("walking_events"."ended_at" > "walking_events"."started_at"),
	CONSTRAINT "walking_events_limits_check" CHECK ("walking_events"."team_limit" >= 1 and "walking_events"."member_limit" >= 1)
);
--> statement-breakpoint
ALTER TABLE "walking_event_message_reactions" ADD CONSTRAINT "walking_event_message_reactions_message_id_walking_event_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."walking_event_messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "walking_event_message_reactions" ADD CONSTRAINT "walking_event_message_reactions_organization_member_id_organization_members_id_fk" FOREIGN KEY ("organization_member_id") REFERENCES "public"."organization_members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "walking_event_messages" ADD CONSTRAINT "walking_event_messages_walking_event_id_walking_events_id_fk" FOREIGN KEY ("walking_event_id") REFERENCES "public"."walking_events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "walking_event_messages" ADD CONSTRAINT "walking_event_messages_team_id_walking_event_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."walking_event_teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "walking_event_messages" ADD CONSTRAINT "walking_event_messages_organization_member_id_organization_members_id_fk" FOREIGN KEY ("organization_member_id") REFERENCES "public"."organization_members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "walking_event_team_members" ADD CONSTRAINT "walking_event_team_members_walking_event_id_walking_events_id_fk" FOREIGN KEY ("walking_event_id") REFERENCES "public"."walking_events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "walking_event_team_members" ADD CONSTRAINT "walking_event_team_members_team_id_walking_event_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."walking_event_teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "walking_event_team_members" ADD CONSTRAINT "walking_event_team_members_organization_member_id_organization_members_id_fk" FOREIGN KEY ("organization_member_id") REFERENCES "public"."organization_members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "walking_event_teams" ADD CONSTRAINT "walking_event_teams_walking_event_id_walking_events_id_fk" FOREIGN KEY ("walking_event_id") REFERENCES "public"."walking_events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "walking_events" ADD CONSTRAINT "walking_events_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "walking_event_messages_team_id_index" ON "walking_event_messages" USING btree ("team_id","id");--> statement-breakpoint
CREATE INDEX "walking_event_team_members_team_id_index" ON "walking_event_team_members" USING btree ("team_id");--> statement-breakpoint
CREATE INDEX "walking_event_teams_walking_event_id_index" ON "walking_event_teams" USING btree ("walking_event_id");--> statement-breakpoint
CREATE INDEX "walking_events_organization_id_index" ON "walking_events" USING btree ("organization_id","started_at");