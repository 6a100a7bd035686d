CREATE TABLE "event_guests" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "event_guests_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"event_id" integer NOT NULL,
	"nickname" text NOT NULL,
	"token_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "event_guests_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "event_members" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "event_members_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"event_id" integer NOT NULL,
	"organization_member_id" integer NOT NULL,
	"role" text DEFAULT 'member' NOT NULL,
	"status" text DEFAULT 'joined' NOT NULL,
	"invited_by_member_id" integer,
	"joined_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "event_members_event_id_organization_member_id_unique" UNIQUE("event_id","organization_member_id"),
	CONSTRAINT "event_members_role_check" CHECK ("event_members"."role" in ('author', 'manager', 'member')),
	CONSTRAINT "event_members_status_check" CHECK ("event_members"."status" in ('invited', 'joined'))
);
--> statement-breakpoint
CREATE TABLE "event_message_reactions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "event_message_reactions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"event_message_id" integer NOT NULL,
	"emoji" text NOT NULL,
	"organization_member_id" integer,
	"event_guest_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "event_message_reactions_member_unique" UNIQUE("event_message_id","emoji","organization_member_id"),
	CONSTRAINT "event_message_reactions_guest_unique" UNIQUE("event_message_id","emoji","event_guest_id"),
	CONSTRAINT "event_message_reactions_one_reactor_check" CHECK (("event_message_reactions"."organization_member_id" is null) <> ("event_message_reactions"."event_guest_id" is null))
);
--> statement-breakpoint
CREATE TABLE "event_messages" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "event_messages_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"event_id" integer NOT NULL,
	"organization_member_id" integer,
	"event_guest_id" integer,
	"kind" text DEFAULT 'chat' NOT NULL,
	"body" text DEFAULT '' NOT NULL,
	"image_urls" text[] DEFAULT '{}'::text[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "event_messages_kind_check" CHECK ("event_messages"."kind" in ('chat', 'retrospection')),
	CONSTRAINT "event_messages_one_author_check" CHECK (("event_messages"."organization_member_id" is null) <> ("event_messages"."event_guest_id" is null))
);
--> statement-breakpoint
CREATE TABLE "events" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"organization_id" integer NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"recruitment_deadline" timestamp with time zone,
	"location" text,
	"apply_minimum" integer,
	"apply_maximum" integer,
	"tags" text[] DEFAULT '{}'::text[] NOT NULL,
	"public_range" text DEFAULT 'public' NOT NULL,
	"send_notification" boolean DEFAULT false NOT NULL,
	"header_image_url" text,
	"externally_published" boolean DEFAULT false NOT NULL,
	"cancel" boolean DEFAULT false NOT NULL,
	"cancelled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "events_public_range_check" CHECK ("events"."public_range" in ('public', 'private')),
	CONSTRAINT "events_ends_after_start_check" CHECK ("events"."ends_at" > "events"."starts_at"),
	CONSTRAINT "events_apply_range_check" CHECK ("events"."apply_minimum" is null or "events"."apply_maximum" is null or "events"."apply_minimum" <= "events"."apply_maximum")
);
--> statement-breakpoint
CREATE TABLE "poll_items" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "poll_items_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"poll_id" integer NOT NULL,
	"text" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "poll_votes" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "poll_votes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"poll_item_id" integer NOT NULL,
	"organization_member_id" integer,
	"event_guest_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "poll_votes_item_member_unique" UNIQUE("poll_item_id","organization_member_id"),
	CONSTRAINT "poll_votes_item_guest_unique" UNIQUE("poll_item_id","event_guest_id"),
	CONSTRAINT "poll_votes_one_voter_check" CHECK (("poll_votes"."organization_member_id" is null) <> ("poll_votes"."event_guest_id" is null))
);
--> statement-breakpoint
CREATE TABLE "polls" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "polls_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"event_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "polls_event_id_unique" UNIQUE("event_id")
);
--> statement-breakpoint
CREATE TABLE "images" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "images_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"key" text NOT NULL,
	"content_type" text NOT NULL,
	"byte_size" integer NOT NULL,
	"data" "bytea" NOT NULL,
	"uploaded_by_user_id" integer,
	"uploaded_by_guest_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "images_key_unique" UNIQUE("key")
);
--> statement-breakpoint
ALTER TABLE "event_guests" ADD CONSTRAINT "event_guests_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_members" ADD CONSTRAINT "event_members_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_members" ADD CONSTRAINT "event_members_organization_member_id_organization_members_id_fk" FOREIGN KEY ("organization_member_id") REFERENCES "public"."organization_members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_members" ADD CONSTRAINT "event_members_invited_by_member_id_organization_members_id_fk" FOREIGN KEY ("invited_by_member_id") REFERENCES "public"."organization_members"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_message_reactions" ADD CONSTRAINT "event_message_reactions_event_message_id_event_messages_id_fk" FOREIGN KEY ("event_message_id") REFERENCES "public"."event_messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_message_reactions" ADD CONSTRAINT "event_message_reactions_organization_member_id_organization_members_id_fk" FOREIGN KEY ("organization_member_id") REFERENCES "public"."organization_members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_message_reactions" ADD CONSTRAINT "event_message_reactions_event_guest_id_event_guests_id_fk" FOREIGN KEY ("event_guest_id") REFERENCES "public"."event_guests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_messages" ADD CONSTRAINT "event_messages_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_messages" ADD CONSTRAINT "event_messages_organization_member_id_organization_members_id_fk" FOREIGN KEY ("organization_member_id") REFERENCES "public"."organization_members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_messages" ADD CONSTRAINT "event_messages_event_guest_id_event_guests_id_fk" FOREIGN KEY ("event_guest_id") REFERENCES "public"."event_guests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "poll_items" ADD CONSTRAINT "poll_items_poll_id_polls_id_fk" FOREIGN KEY ("poll_id") REFERENCES "public"."polls"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "poll_votes" ADD CONSTRAINT "poll_votes_poll_item_id_poll_items_id_fk" FOREIGN KEY ("poll_item_id") REFERENCES "public"."poll_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "poll_votes" ADD CONSTRAINT "poll_votes_organization_member_id_organization_members_id_fk" FOREIGN KEY ("organization_member_id") REFERENCES "public"."organization_members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "poll_votes" ADD CONSTRAINT "poll_votes_event_guest_id_event_guests_id_fk" FOREIGN KEY ("event_guest_id") REFERENCES "public"."event_guests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "polls" ADD CONSTRAINT "polls_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "images" ADD CONSTRAINT "images_uploaded_by_user_id_users_id_fk" FOREIGN KEY ("uploaded_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "event_guests_event_id_nickname_unique" ON "event_guests" USING btree ("event_id",lower("nickname"));--> statement-breakpoint
CREATE INDEX "event_members_organization_member_id_index" ON "event_members" USING btree ("organization_member_id");--> statement-breakpoint
CREATE INDEX "event_messages_event_id_created_at_index" ON "event_messages" USING btree ("event_id","created_at");--> statement-breakpoint
CREATE INDEX "events_organization_id_starts_at_index" ON "events" USING btree ("organization_id","starts_at");--> statement-breakpoint
CREATE INDEX "poll_items_poll_id_index" ON "poll_items" USING btree ("poll_id");--> statement-breakpoint
CREATE INDEX "images_uploaded_by_user_id_index" ON "images" USING btree ("uploaded_by_user_id");