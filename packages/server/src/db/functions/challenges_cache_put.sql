-- Sets a participation's entry in its customer's challenge_progress (docs/decisions/challenges.md)
-- from the participation's row and its live earnings (challenges_counters): the entry of its
-- challenge replaced, or added. Only for the challenge's latest participation (the one the
-- earnings move); an earlier cycle's is left alone. Called where a participation changes outside
-- the earning's statement: an opt-in join (a new participation), a reversal (counters and steps).
-- The quick path's pending counters are folded first, and the path turned off.
CREATE OR REPLACE FUNCTION challenges_cache_put(p_participant bigint)
RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
  p record;
  c record;
  pos integer;
  replaced bigint;
BEGIN
  SELECT cp.id, cp.customer_id, cp.challenge_id, cp.joined_at, cp.window_ends_at, k.goal_kind,
      CASE WHEN cp.completed_at IS NOT NULL THEN -1 ELSE cp.steps_reached END AS steps
    INTO p
    FROM challenge_participants cp JOIN challenges k ON k.id = cp.challenge_id
    WHERE cp.id = p_participant AND NOT EXISTS (SELECT 1 FROM challenge_participants later
      WHERE later.challenge_id = cp.challenge_id AND later.customer_id = cp.customer_id AND later.cycle > cp.cycle);
  IF NOT FOUND THEN
    RETURN;
  END IF;
  SELECT * INTO c FROM challenges_counters(p.customer_id, p.id, p.goal_kind);
  INSERT INTO challenge_progress (customer_id) VALUES (p.customer_id) ON CONFLICT (customer_id) DO NOTHING;
  -- What the quick path left pending goes into the open counters, and the path is off until the
  -- earning's statement next rewrites the row.
  UPDATE challenge_progress cs SET pending_count = 0, pending_cents = 0, fast_terms = NULL,
      counts = ARRAY(SELECT x.n + CASE WHEN x.steps >= 0 THEN CASE k.goal_kind WHEN 'COUNT' THEN cs.pending_count
          WHEN 'AMOUNT' THEN cs.pending_cents ELSE 0 END ELSE 0 END
        FROM unnest(cs.counts, cs.challenge_ids, cs.steps_reached) WITH ORDINALITY x (n, challenge_id, steps, i)
          LEFT JOIN challenges k ON k.id = x.challenge_id
        ORDER BY x.i)
    WHERE cs.customer_id = p.customer_id AND (cs.fast_terms IS NOT NULL OR cs.pending_count > 0 OR cs.pending_cents > 0);
  SELECT coalesce(array_position(cs.challenge_ids, p.challenge_id), cardinality(cs.challenge_ids) + 1),
      cs.participant_ids[array_position(cs.challenge_ids, p.challenge_id)]
    INTO pos, replaced
    FROM challenge_progress cs WHERE cs.customer_id = p.customer_id;
  UPDATE challenge_progress cs SET challenge_ids[pos] = p.challenge_id, participant_ids[pos] = p.id,
      joined_at[pos] = p.joined_at, window_ends_at[pos] = p.window_ends_at, steps_reached[pos] = p.steps,
      counts[pos] = c.n,
      seen = ARRAY(SELECT s FROM unnest(cs.seen) s WHERE s / 1048576 NOT IN (p.id, coalesce(replaced, p.id))) || c.seen
    WHERE cs.customer_id = p.customer_id;
END
$$;
