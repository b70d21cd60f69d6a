CREATE TABLE "report_snapshots" (
	"name" text PRIMARY KEY NOT NULL,
	"rows" jsonb NOT NULL,
	"computed_at" timestamp with time zone DEFAULT now() NOT NULL
);
