-- Issue 55: database functions and their triggers are written once, each in its own file under
-- db/functions/, and applied at start-up when the file changes (db/functions.ts) — no longer
-- rewritten whole in migrations. This table holds the checksum of each file as last applied. Kept
-- out of the Drizzle schema (raw SQL only), like rate_limit_counters.
CREATE TABLE "database_functions" (
	"file" text PRIMARY KEY NOT NULL,
	"checksum" text NOT NULL,
	"applied_at" timestamp with time zone DEFAULT now() NOT NULL
);
