CREATE TABLE "slack_command_receipts" (
	"team_id" text NOT NULL,
	"trigger_id" text NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "slack_command_receipts_team_id_trigger_id_pk" PRIMARY KEY("team_id","trigger_id")
);
--> statement-breakpoint
CREATE INDEX "slack_command_receipts_received_at_index" ON "slack_command_receipts" USING btree ("received_at");