-- One row per earning that moved challenges (the participations it counted in as an array) instead
-- of one per (earning, challenge); a DAYS / TYPES participation keeps its distinct days / types.
-- The existing events are carried over. See docs/decisions/challenges.md.
CREATE TABLE "challenge_earnings" (
	"entry_id" bigint PRIMARY KEY NOT NULL,
	"customer_id" bigint NOT NULL,
	"participant_ids" bigint[] NOT NULL,
	"transaction_type_id" integer,
	"amount" numeric(14, 2) NOT NULL,
	"day" date NOT NULL,
	"reversed" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
ALTER TABLE "challenge_participants" ADD COLUMN "days" date[] DEFAULT '{}'::date[] NOT NULL;--> statement-breakpoint
ALTER TABLE "challenge_participants" ADD COLUMN "types" integer[] DEFAULT '{}'::integer[] NOT NULL;--> statement-breakpoint
INSERT INTO "challenge_earnings" ("entry_id", "customer_id", "participant_ids", "transaction_type_id", "amount", "day", "reversed")
	SELECT e."entry_id", min(p."customer_id"), array_agg(e."participant_id" ORDER BY e."challenge_id"),
		min(e."transaction_type_id"), min(e."amount"), min(e."day"), bool_and(e."reversed")
	FROM "challenge_events" e JOIN "challenge_participants" p ON p."id" = e."participant_id"
	GROUP BY e."entry_id";--> statement-breakpoint
UPDATE "challenge_participants" p SET
	"days" = CASE WHEN k."goal_kind" = 'DAYS' THEN coalesce((SELECT array_agg(DISTINCT e."day") FROM "challenge_events" e
		WHERE e."participant_id" = p."id" AND NOT e."reversed"), '{}') ELSE '{}' END,
	"types" = CASE WHEN k."goal_kind" = 'TYPES' THEN coalesce((SELECT array_agg(DISTINCT e."transaction_type_id") FROM "challenge_events" e
		WHERE e."participant_id" = p."id" AND NOT e."reversed"), '{}') ELSE '{}' END
	FROM "challenges" k WHERE k."id" = p."challenge_id" AND k."goal_kind" IN ('DAYS', 'TYPES');--> statement-breakpoint
DROP TABLE "challenge_events" CASCADE;--> statement-breakpoint
CREATE INDEX "challenge_earnings_customer_idx" ON "challenge_earnings" USING btree ("customer_id");
