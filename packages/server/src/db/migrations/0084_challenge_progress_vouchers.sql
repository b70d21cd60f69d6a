CREATE TABLE "challenge_progress" (
	"customer_id" bigint PRIMARY KEY NOT NULL,
	"state" jsonb DEFAULT '{}'::jsonb NOT NULL
);
--> statement-breakpoint
ALTER TABLE "redemptions" DROP CONSTRAINT "redemptions_points_check";--> statement-breakpoint
ALTER TABLE "challenge_payouts" ALTER COLUMN "entry_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "challenge_payouts" ADD COLUMN "redemption_id" bigint;--> statement-breakpoint
ALTER TABLE "challenge_payouts" ADD COLUMN "reason" text;--> statement-breakpoint
ALTER TABLE "challenge_payouts" ADD COLUMN "reversed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "challenge_participants" DROP COLUMN "progress";--> statement-breakpoint
ALTER TABLE "challenge_participants" DROP COLUMN "days";--> statement-breakpoint
ALTER TABLE "challenge_participants" DROP COLUMN "types";--> statement-breakpoint
ALTER TABLE "redemptions" ADD CONSTRAINT "redemptions_points_check" CHECK ("redemptions"."points_spent" >= 0);--> statement-breakpoint
-- A reward taken back before this migration: its reversal entry marks it.
UPDATE "challenge_payouts" SET "reversed_at" = "created_at" WHERE "reversal_entry_id" IS NOT NULL;--> statement-breakpoint
-- Room for HOT updates: the row is rewritten by every qualifying earning of its customer.
ALTER TABLE "challenge_progress" SET (fillfactor = 50);--> statement-breakpoint
-- The customers' progress so far, from their live earnings.
INSERT INTO "challenge_progress" ("customer_id", "state")
SELECT s.customer_id, jsonb_object_agg(s.pid::text, jsonb_build_array(s.n, s.total, s.days, s.types))
  FROM (SELECT ev.customer_id, pid, count(*) AS n, sum(ev.amount) AS total,
      CASE WHEN k.goal_kind = 'DAYS' THEN jsonb_agg(DISTINCT ev.day::text) ELSE '[]'::jsonb END AS days,
      CASE WHEN k.goal_kind = 'TYPES' THEN coalesce(jsonb_agg(DISTINCT ev.transaction_type_id)
        FILTER (WHERE ev.transaction_type_id IS NOT NULL), '[]'::jsonb) ELSE '[]'::jsonb END AS types
    FROM "challenge_earnings" ev CROSS JOIN LATERAL unnest(ev.participant_ids) pid
      JOIN "challenge_participants" cp ON cp.id = pid JOIN "challenges" k ON k.id = cp.challenge_id
    WHERE NOT ev.reversed
    GROUP BY ev.customer_id, pid, k.goal_kind) s
  GROUP BY s.customer_id;
