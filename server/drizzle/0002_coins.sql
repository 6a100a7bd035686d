CREATE TABLE "coin_activity_awards" (
	"organization_member_id" integer NOT NULL,
	"day" date NOT NULL,
	"amount" bigint NOT NULL,
	"movement_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "coin_activity_awards_organization_member_id_day_pk" PRIMARY KEY("organization_member_id","day"),
	CONSTRAINT "coin_activity_awards_amount_check" CHECK ("coin_activity_awards"."amount" >= 0)
);
--> statement-breakpoint
CREATE TABLE "coin_ledger_entries" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "coin_ledger_entries_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"movement_id" bigint NOT NULL,
	"account" text NOT NULL,
	"organization_member_id" integer,
	"organization_id" integer,
	"delta" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "coin_ledger_entries_account_check" CHECK ("coin_ledger_entries"."account" in ('member', 'organization', 'issuance'))
);
--> statement-breakpoint
CREATE TABLE "coin_messages" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "coin_messages_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"organization_id" integer NOT NULL,
	"sender_member_id" integer NOT NULL,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "coin_movements" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "coin_movements_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"reason" text NOT NULL,
	"kiwi_coin_transfer_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "kiwi_coin_transfers" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "kiwi_coin_transfers_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"kind" text NOT NULL,
	"organization_id" integer NOT NULL,
	"organization_member_id" integer,
	"sender_member_id" integer,
	"coin_message_id" integer,
	"amount" bigint NOT NULL,
	"description" text,
	"message" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"transferred_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by_user_id" integer,
	"canceled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "kiwi_coin_transfers_amount_check" CHECK ("kiwi_coin_transfers"."amount" > 0),
	CONSTRAINT "kiwi_coin_transfers_status_check" CHECK ("kiwi_coin_transfers"."status" in ('pending', 'transferred', 'canceled')),
	CONSTRAINT "kiwi_coin_transfers_kind_check" CHECK ("kiwi_coin_transfers"."kind" in ('message', 'grant', 'admin_grant'))
);
--> statement-breakpoint
ALTER TABLE "organization_members" ADD COLUMN "coin_balance" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "coin_activity_awards" ADD CONSTRAINT "coin_activity_awards_organization_member_id_organization_members_id_fk" FOREIGN KEY ("organization_member_id") REFERENCES "public"."organization_members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coin_activity_awards" ADD CONSTRAINT "coin_activity_awards_movement_id_coin_movements_id_fk" FOREIGN KEY ("movement_id") REFERENCES "public"."coin_movements"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coin_ledger_entries" ADD CONSTRAINT "coin_ledger_entries_movement_id_coin_movements_id_fk" FOREIGN KEY ("movement_id") REFERENCES "public"."coin_movements"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coin_ledger_entries" ADD CONSTRAINT "coin_ledger_entries_organization_member_id_organization_members_id_fk" FOREIGN KEY ("organization_member_id") REFERENCES "public"."organization_members"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coin_ledger_entries" ADD CONSTRAINT "coin_ledger_entries_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coin_messages" ADD CONSTRAINT "coin_messages_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coin_messages" ADD CONSTRAINT "coin_messages_sender_member_id_organization_members_id_fk" FOREIGN KEY ("sender_member_id") REFERENCES "public"."organization_members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coin_movements" ADD CONSTRAINT "coin_movements_kiwi_coin_transfer_id_kiwi_coin_transfers_id_fk" FOREIGN KEY ("kiwi_coin_transfer_id") REFERENCES "public"."kiwi_coin_transfers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kiwi_coin_transfers" ADD CONSTRAINT "kiwi_coin_transfers_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kiwi_coin_transfers" ADD CONSTRAINT "kiwi_coin_transfers_organization_member_id_organization_members_id_fk" FOREIGN KEY ("organization_member_id") REFERENCES "public"."organization_members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kiwi_coin_transfers" ADD CONSTRAINT "kiwi_coin_transfers_sender_member_id_organization_members_id_fk" FOREIGN KEY ("sender_member_id") REFERENCES "public"."organization_members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kiwi_coin_transfers" ADD CONSTRAINT "kiwi_coin_transfers_coin_message_id_coin_messages_id_fk" FOREIGN KEY ("coin_message_id") REFERENCES "public"."coin_messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kiwi_coin_transfers" ADD CONSTRAINT "kiwi_coin_transfers_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "coin_ledger_entries_movement_id_index" ON "coin_ledger_entries" USING btree ("movement_id");--> statement-breakpoint
CREATE INDEX "coin_ledger_entries_member_index" ON "coin_ledger_entries" USING btree ("organization_member_id");--> statement-breakpoint
CREATE INDEX "coin_messages_sender_member_id_index" ON "coin_messages" USING btree ("sender_member_id");--> statement-breakpoint
CREATE INDEX "kiwi_coin_transfers_organization_id_index" ON "kiwi_coin_transfers" USING btree ("organization_id","transferred_at");--> statement-breakpoint
CREATE INDEX "kiwi_coin_transfers_member_index" ON "kiwi_coin_transfers" USING btree ("organization_member_id");--> statement-breakpoint
CREATE INDEX "kiwi_coin_transfers_coin_message_id_index" ON "kiwi_coin_transfers" USING btree ("coin_message_id");--> statement-breakpoint
ALTER TABLE "organization_members" ADD CONSTRAINT "organization_members_coin_balance_check" CHECK ("organization_members"."coin_balance" >= 0);