-- A participation's counter and the days or types it has counted (the customer's challenge_progress
-- entry for it, docs/decisions/challenges.md), from the customer's live (not reversed) earnings that
-- list it in challenge_earnings: COUNT transactions, AMOUNT their sum in cents, DAYS and TYPES the
-- distinct days or types (with their challenges_seen_key). Read when the entry is set again: a
-- reversal, an opt-in join (challenges_cache_put).
CREATE OR REPLACE FUNCTION challenges_counters(p_customer bigint, p_participant bigint, p_goal text)
RETURNS TABLE (n bigint, seen bigint[])
LANGUAGE sql STABLE AS $$
  SELECT CASE p_goal
      WHEN 'COUNT' THEN count(*)
      WHEN 'AMOUNT' THEN coalesce(sum(ev.amount * 100), 0)::bigint
      ELSE count(DISTINCT challenges_seen_key(p_participant, p_goal, ev.day, ev.transaction_type_id))
    END,
    coalesce(array_agg(DISTINCT challenges_seen_key(p_participant, p_goal, ev.day, ev.transaction_type_id))
      FILTER (WHERE challenges_seen_key(p_participant, p_goal, ev.day, ev.transaction_type_id) IS NOT NULL), '{}')
    FROM challenge_earnings ev
    WHERE ev.customer_id = p_customer AND p_participant = ANY (ev.participant_ids) AND NOT ev.reversed
$$;
