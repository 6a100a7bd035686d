CREATE TABLE "app_informations" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "app_informations_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"title" text NOT NULL,
	"body" text NOT NULL,
	"published_at" timestamp with time zone NOT NULL,
	"head_copy" text,
	"icon_name" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "content_reads" (
	"user_id" integer NOT NULL,
	"kind" text NOT NULL,
	"item_id" integer NOT NULL,
	"read_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "content_reads_pk" PRIMARY KEY("user_id","kind","item_id"),
	CONSTRAINT "content_reads_kind_check" CHECK ("content_reads"."kind" in ('news', 'app_information'))
);
--> statement-breakpoint
DROP INDEX "kiwi_coin_transfers_member_index";--> statement-breakpoint
ALTER TABLE "guild_members" ADD COLUMN "last_visited_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "content_reads" ADD CONSTRAINT "content_reads_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "app_informations_published_at_index" ON "app_informations" USING btree ("published_at");--> statement-breakpoint
CREATE INDEX "content_reads_kind_item_id_index" ON "content_reads" USING btree ("kind","item_id");--> statement-breakpoint
CREATE INDEX "guild_messages_guild_id_created_at_index" ON "guild_messages" USING btree ("guild_id","created_at");--> statement-breakpoint
CREATE INDEX "kiwi_coin_transfers_member_index" ON "kiwi_coin_transfers" USING btree ("organization_member_id","created_at");