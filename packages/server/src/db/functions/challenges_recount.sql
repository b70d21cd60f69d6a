-- A participation's progress from its live (not reversed) earnings, by the challenge's goal kind:
-- COUNT transactions, AMOUNT their sum, DAYS distinct UTC days, TYPES distinct transaction types;
-- with the days and types counted (kept on the participation for a DAYS or TYPES goal only).
DROP FUNCTION IF EXISTS challenges_recount(bigint, text);
CREATE OR REPLACE FUNCTION challenges_recount(p_customer bigint, p_participant bigint, p_goal text)
RETURNS TABLE (progress numeric, days date[], types integer[])
LANGUAGE sql STABLE AS $$
  SELECT CASE p_goal
      WHEN 'COUNT' THEN count(*)::numeric
      WHEN 'AMOUNT' THEN coalesce(sum(ev.amount), 0)
      WHEN 'DAYS' THEN count(DISTINCT ev.day)::numeric
      ELSE count(DISTINCT ev.transaction_type_id)::numeric
    END,
    CASE WHEN p_goal = 'DAYS' THEN coalesce(array_agg(DISTINCT ev.day), '{}') ELSE '{}' END,
    CASE WHEN p_goal = 'TYPES' THEN coalesce(array_agg(DISTINCT ev.transaction_type_id), '{}') ELSE '{}' END
    FROM challenge_earnings ev
    WHERE ev.customer_id = p_customer AND p_participant = ANY (ev.participant_ids) AND NOT ev.reversed
$$;
