CREATE TABLE "data_migrations" (
	"name" text PRIMARY KEY NOT NULL,
	"report" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"applied_at" timestamp with time zone DEFAULT now() NOT NULL
);
