-- Sets a participation's entry in its customer's challenge_progress (docs/decisions/challenges.md)
-- from the participation's row and its live earnings (challenges_counters): the entry of its
-- challenge replaced, or added. Only for the challenge's latest participation (the one the
-- earnings move); an earlier cycle's is left alone. Called where a participation changes outside
-- the earning's statement: an opt-in join (a new participation), a reversal (counters and steps).
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
