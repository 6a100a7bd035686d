CREATE TABLE "quest_completions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "quest_completions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"quest_id" integer NOT NULL,
	"organization_member_id" integer NOT NULL,
	"period_key" text NOT NULL,
	"goal_value" integer NOT NULL,
	"reward_type" text NOT NULL,
	"coins_awarded" integer DEFAULT 0 NOT NULL,
	"coin_movement_id" bigint,
	"completed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "quest_completions_quest_member_period_unique" UNIQUE("quest_id","organization_member_id","period_key"),
	CONSTRAINT "quest_completions_reward_type_check" CHECK ("quest_completions"."reward_type" in ('coins', 'stamp'))
);
--> statement-breakpoint
CREATE TABLE "quests" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "quests_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"title" text NOT NULL,
	"period_type" text NOT NULL,
	"goal_type" text NOT NULL,
	"goal_value" integer DEFAULT 1 NOT NULL,
	"goal_value_calculation_type" text DEFAULT 'constant' NOT NULL,
	"personalized_rate_percent" integer DEFAULT 110 NOT NULL,
	"reward_type" text DEFAULT 'coins' NOT NULL,
	"reward_coins" integer DEFAULT 0 NOT NULL,
	"disabled" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "quests_period_type_check" CHECK ("quests"."period_type" in ('all', 'daily', 'weekly', 'monthly', 'initializing')),
	CONSTRAINT "quests_goal_type_check" CHECK ("quests"."goal_type" in ('self_rating', 'step', 'workout_minutes', 'health_point', 'calorie', 'distance', 'setup_resting_heart_rate', 'setup_height_and_weight', 'setup_birthday', 'setup_nickname')),
	CONSTRAINT "quests_goal_value_calculation_type_check" CHECK ("quests"."goal_value_calculation_type" in ('constant', 'personalized_step_count')),
	CONSTRAINT "quests_reward_type_check" CHECK ("quests"."reward_type" in ('coins', 'stamp')),
	CONSTRAINT "quests_amounts_check" CHECK ("quests"."goal_value" >= 0 and "quests"."reward_coins" >= 0 and "quests"."personalized_rate_percent" between 50 and 300)
);
--> statement-breakpoint
CREATE TABLE "gacha_draws" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "gacha_draws_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"organization_id" integer NOT NULL,
	"organization_member_id" integer NOT NULL,
	"gacha_type" text NOT NULL,
	"week_start" date,
	"random_value" double precision NOT NULL,
	"odds" jsonb NOT NULL,
	"gift_id" integer,
	"redemption_id" integer,
	"coins_spent" integer DEFAULT 0 NOT NULL,
	"request_key" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "gacha_draws_member_request_key_unique" UNIQUE("organization_member_id","request_key"),
	CONSTRAINT "gacha_draws_gacha_type_check" CHECK ("gacha_draws"."gacha_type" in ('weekly_gacha', 'dream_gacha')),
	CONSTRAINT "gacha_draws_random_value_check" CHECK ("gacha_draws"."random_value" >= 0 and "gacha_draws"."random_value" < 1)
);
--> statement-breakpoint
CREATE TABLE "gift_categories" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "gift_categories_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "gift_redemptions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "gift_redemptions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"organization_id" integer NOT NULL,
	"organization_member_id" integer NOT NULL,
	"gift_id" integer NOT NULL,
	"source" text NOT NULL,
	"coins_spent" integer DEFAULT 0 NOT NULL,
	"price" integer DEFAULT 0 NOT NULL,
	"coin_movement_id" bigint,
	"status" text DEFAULT 'pending' NOT NULL,
	"prize_code" text,
	"issued_at" timestamp with time zone,
	"request_key" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "gift_redemptions_member_request_key_unique" UNIQUE("organization_member_id","request_key"),
	CONSTRAINT "gift_redemptions_source_check" CHECK ("gift_redemptions"."source" in ('coin_exchange', 'weekly_gacha', 'dream_gacha', 'stamp_complete')),
	CONSTRAINT "gift_redemptions_status_check" CHECK ("gift_redemptions"."status" in ('pending', 'issued', 'failed')),
	CONSTRAINT "gift_redemptions_amounts_check" CHECK ("gift_redemptions"."coins_spent" >= 0 and "gift_redemptions"."price" >= 0)
);
--> statement-breakpoint
CREATE TABLE "gifts" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "gifts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"gift_type" text NOT NULL,
	"category_id" integer,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"thumbnail_url" text,
	"need_coins" integer DEFAULT 0 NOT NULL,
	"giftee_code" text,
	"price" integer DEFAULT 0 NOT NULL,
	"active_from" timestamp with time zone,
	"active_to" timestamp with time zone,
	"disabled" boolean DEFAULT false NOT NULL,
	"weekly_gacha_calculation_type" text,
	"stock" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "gifts_gift_type_check" CHECK ("gifts"."gift_type" in ('coin_exchange', 'weekly_gacha', 'dream_gacha')),
	CONSTRAINT "gifts_weekly_gacha_calculation_type_check" CHECK ("gifts"."weekly_gacha_calculation_type" in ('bronze', 'silver', 'gold', 'stamp_complete')),
	CONSTRAINT "gifts_amounts_check" CHECK ("gifts"."need_coins" >= 0 and "gifts"."price" >= 0 and ("gifts"."stock" is null or "gifts"."stock" >= 0)),
	CONSTRAINT "gifts_active_range_check" CHECK ("gifts"."active_from" is null or "gifts"."active_to" is null or "gifts"."active_to" > "gifts"."active_from")
);
--> statement-breakpoint
CREATE TABLE "weekly_gacha_stocks" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "weekly_gacha_stocks_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"organization_id" integer NOT NULL,
	"week_start" date NOT NULL,
	"gift_id" integer NOT NULL,
	"tier" text NOT NULL,
	"initial_stock" integer NOT NULL,
	"remaining" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "weekly_gacha_stocks_organization_week_gift_unique" UNIQUE("organization_id","week_start","gift_id"),
	CONSTRAINT "weekly_gacha_stocks_remaining_check" CHECK ("weekly_gacha_stocks"."remaining" >= 0 and "weekly_gacha_stocks"."remaining" <= "weekly_gacha_stocks"."initial_stock"),
	CONSTRAINT "weekly_gacha_stocks_tier_check" CHECK ("weekly_gacha_stocks"."tier" in ('bronze', 'silver', 'gold', 'stamp_complete'))
);
--> statement-breakpoint
ALTER TABLE "quest_completions" ADD CONSTRAINT "quest_completions_quest_id_quests_id_fk" FOREIGN KEY ("quest_id") REFERENCES "public"."quests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quest_completions" ADD CONSTRAINT "quest_completions_organization_member_id_organization_members_id_fk" FOREIGN KEY ("organization_member_id") REFERENCES "public"."organization_members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quest_completions" ADD CONSTRAINT "quest_completions_coin_movement_id_coin_movements_id_fk" FOREIGN KEY ("coin_movement_id") REFERENCES "public"."coin_movements"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gacha_draws" ADD CONSTRAINT "gacha_draws_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gacha_draws" ADD CONSTRAINT "gacha_draws_organization_member_id_organization_members_id_fk" FOREIGN KEY ("organization_member_id") REFERENCES "public"."organization_members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gacha_draws" ADD CONSTRAINT "gacha_draws_gift_id_gifts_id_fk" FOREIGN KEY ("gift_id") REFERENCES "public"."gifts"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gacha_draws" ADD CONSTRAINT "gacha_draws_redemption_id_gift_redemptions_id_fk" FOREIGN KEY ("redemption_id") REFERENCES "public"."gift_redemptions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gift_redemptions" ADD CONSTRAINT "gift_redemptions_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gift_redemptions" ADD CONSTRAINT "gift_redemptions_organization_member_id_organization_members_id_fk" FOREIGN KEY ("organization_member_id") REFERENCES "public"."organization_members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gift_redemptions" ADD CONSTRAINT "gift_redemptions_gift_id_gifts_id_fk" FOREIGN KEY ("gift_id") REFERENCES "public"."gifts"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gift_redemptions" ADD CONSTRAINT "gift_redemptions_coin_movement_id_coin_movements_id_fk" FOREIGN KEY ("coin_movement_id") REFERENCES "public"."coin_movements"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gifts" ADD CONSTRAINT "gifts_category_id_gift_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."gift_categories"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "weekly_gacha_stocks" ADD CONSTRAINT "weekly_gacha_stocks_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "weekly_gacha_stocks" ADD CONSTRAINT "weekly_gacha_stocks_gift_id_gifts_id_fk" FOREIGN KEY ("gift_id") REFERENCES "public"."gifts"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "quest_completions_member_index" ON "quest_completions" USING btree ("organization_member_id","completed_at");--> statement-breakpoint
CREATE INDEX "gacha_draws_member_index" ON "gacha_draws" USING btree ("organization_member_id","week_start");--> statement-breakpoint
CREATE INDEX "gacha_draws_organization_index" ON "gacha_draws" USING btree ("organization_id","created_at");--> statement-breakpoint
CREATE INDEX "gift_redemptions_member_index" ON "gift_redemptions" USING btree ("organization_member_id","created_at");--> statement-breakpoint
CREATE INDEX "gift_redemptions_organization_index" ON "gift_redemptions" USING btree ("organization_id","created_at");--> statement-breakpoint
CREATE INDEX "gift_redemptions_gift_id_index" ON "gift_redemptions" USING btree ("gift_id");--> statement-breakpoint
CREATE INDEX "gifts_gift_type_index" ON "gifts" USING btree ("gift_type","disabled");--> statement-breakpoint
CREATE INDEX "gifts_category_id_index" ON "gifts" USING btree ("category_id");