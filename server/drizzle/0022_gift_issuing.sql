ALTER TABLE "gift_redemptions" ADD COLUMN "issue_attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "gift_redemptions" ADD COLUMN "issue_next_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "gift_redemptions" ADD COLUMN "issue_error" text;--> statement-breakpoint
CREATE INDEX "gift_redemptions_issue_queue_index" ON "gift_redemptions" USING btree ("issue_next_at") WHERE "gift_redemptions"."status" = 'pending';