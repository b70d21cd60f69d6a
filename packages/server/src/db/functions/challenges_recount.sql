-- A participation's progress from its live (not reversed) events, by the challenge's goal kind:
-- COUNT transactions, AMOUNT their sum, DAYS distinct UTC days, TYPES distinct transaction types.
CREATE OR REPLACE FUNCTION challenges_recount(p_participant bigint, p_goal text) RETURNS numeric
LANGUAGE plpgsql STABLE AS $$
DECLARE
  n numeric;
BEGIN
  SELECT CASE p_goal
      WHEN 'COUNT' THEN count(*)::numeric
      WHEN 'AMOUNT' THEN coalesce(sum(ev.amount), 0)
      WHEN 'DAYS' THEN count(DISTINCT ev.day)::numeric
      ELSE count(DISTINCT ev.transaction_type_id)::numeric
    END
    INTO n
    FROM challenge_events ev WHERE ev.participant_id = p_participant AND NOT ev.reversed;
  RETURN n;
END
$$;
