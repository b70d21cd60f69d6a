-- The earning's quick path through a customer's challenges (docs/decisions/challenges.md): what
-- qualifying earnings that cannot cross a target add while pending, and when the path holds.
ALTER TABLE "challenge_progress" ADD COLUMN "pending_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "challenge_progress" ADD COLUMN "pending_cents" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "challenge_progress" ADD COLUMN "fast_terms" bigint;--> statement-breakpoint
ALTER TABLE "challenge_progress" ADD COLUMN "fast_from" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "challenge_progress" ADD COLUMN "fast_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "challenge_progress" ADD COLUMN "fast_max_count" integer;--> statement-breakpoint
ALTER TABLE "challenge_progress" ADD COLUMN "fast_max_cents" bigint;--> statement-breakpoint
ALTER TABLE "challenge_progress" ADD COLUMN "fast_days" integer[];--> statement-breakpoint
ALTER TABLE "challenge_progress" ADD COLUMN "fast_types" integer[];--> statement-breakpoint
ALTER TABLE "challenge_progress" ADD COLUMN "fast_parts" bigint[];