ALTER TABLE "challenge_progress" ADD COLUMN "challenge_ids" integer[] DEFAULT '{}' NOT NULL;--> statement-breakpoint
ALTER TABLE "challenge_progress" ADD COLUMN "participant_ids" bigint[] DEFAULT '{}' NOT NULL;--> statement-breakpoint
ALTER TABLE "challenge_progress" ADD COLUMN "joined_at" timestamp with time zone[] DEFAULT '{}' NOT NULL;--> statement-breakpoint
ALTER TABLE "challenge_progress" ADD COLUMN "window_ends_at" timestamp with time zone[] DEFAULT '{}' NOT NULL;--> statement-breakpoint
ALTER TABLE "challenge_progress" ADD COLUMN "steps_reached" integer[] DEFAULT '{}' NOT NULL;--> statement-breakpoint
ALTER TABLE "challenge_progress" ADD COLUMN "counts" bigint[] DEFAULT '{}' NOT NULL;--> statement-breakpoint
ALTER TABLE "challenge_progress" ADD COLUMN "seen" bigint[] DEFAULT '{}' NOT NULL;--> statement-breakpoint
ALTER TABLE "challenge_progress" DROP COLUMN "state";--> statement-breakpoint
-- The customers' running progress as arrays (docs/decisions/challenges.md): for each challenge not
-- ended, their latest participation with its counter and the days or types it counted (keys as
-- challenges_seen_key makes them), from their live earnings; the jsonb map it replaces held only
-- the counters.
DELETE FROM "challenge_progress";--> statement-breakpoint
INSERT INTO "challenge_progress" ("customer_id", "challenge_ids", "participant_ids", "joined_at", "window_ends_at",
    "steps_reached", "counts", "seen")
WITH p AS (
  SELECT DISTINCT ON (cp.challenge_id, cp.customer_id) cp.id, cp.customer_id, cp.challenge_id, cp.joined_at,
      cp.window_ends_at, CASE WHEN cp.completed_at IS NOT NULL THEN -1 ELSE cp.steps_reached END AS steps, k.goal_kind
    FROM "challenge_participants" cp JOIN "challenges" k ON k.id = cp.challenge_id AND k.status <> 'ENDED'
    ORDER BY cp.challenge_id, cp.customer_id, cp.cycle DESC
), c AS (
  SELECT p.*, x.n, x.seen FROM p CROSS JOIN LATERAL (
    SELECT CASE p.goal_kind WHEN 'COUNT' THEN count(*) WHEN 'AMOUNT' THEN coalesce(sum(ev.amount * 100), 0)::bigint
        ELSE count(DISTINCT kk.key) END AS n,
      coalesce(array_agg(DISTINCT kk.key) FILTER (WHERE kk.key IS NOT NULL), '{}') AS seen
      FROM "challenge_earnings" ev CROSS JOIN LATERAL (SELECT CASE p.goal_kind
          WHEN 'DAYS' THEN p.id * 1048576 + (ev.day - DATE '1970-01-01')
          WHEN 'TYPES' THEN p.id * 1048576 + ev.transaction_type_id END AS key) kk
      WHERE ev.customer_id = p.customer_id AND p.id = ANY (ev.participant_ids) AND NOT ev.reversed) x
)
SELECT c.customer_id, array_agg(c.challenge_id ORDER BY c.challenge_id), array_agg(c.id ORDER BY c.challenge_id),
    array_agg(c.joined_at ORDER BY c.challenge_id), array_agg(c.window_ends_at ORDER BY c.challenge_id),
    array_agg(c.steps ORDER BY c.challenge_id), array_agg(c.n ORDER BY c.challenge_id),
    ARRAY(SELECT s FROM c c2 CROSS JOIN LATERAL unnest(c2.seen) s WHERE c2.customer_id = c.customer_id)
  FROM c GROUP BY c.customer_id;
