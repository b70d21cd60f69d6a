-- Rate-limit counters every instance shares (platform/rateLimits.ts): one row per limited key and
-- fixed window ("<key>@<window number>"), deleted once the window is over. Kept out of the Drizzle
-- schema (raw SQL only) and UNLOGGED: counters need no crash safety, and skipping the write-ahead
-- log keeps a hit cheap.
CREATE UNLOGGED TABLE "rate_limit_counters" (
	"key" text PRIMARY KEY NOT NULL,
	"hits" integer NOT NULL,
	"window_ends_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "rate_limit_counters_window_ends_idx" ON "rate_limit_counters" ("window_ends_at");
