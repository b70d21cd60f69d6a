-- A participation's progress, derived from the customer's live (not reversed) earnings that list
-- it in challenge_earnings (docs/decisions/challenges.md), by the challenge's goal kind: COUNT
-- transactions, AMOUNT their sum, DAYS distinct UTC days, TYPES distinct transaction types. Read
-- by the screens, the integration API and a reversal; the earning's own statement computes the
-- same inline (challenges_progress).
DROP FUNCTION IF EXISTS challenges_recount(bigint, bigint, text);
CREATE OR REPLACE FUNCTION challenges_progress_of(p_customer bigint, p_participant bigint, p_goal text)
RETURNS numeric
LANGUAGE sql STABLE AS $$
  SELECT CASE p_goal
      WHEN 'COUNT' THEN count(*)::numeric
      WHEN 'AMOUNT' THEN coalesce(sum(ev.amount), 0)
      WHEN 'DAYS' THEN count(DISTINCT ev.day)::numeric
      ELSE count(DISTINCT ev.transaction_type_id)::numeric
    END
    FROM challenge_earnings ev
    WHERE ev.customer_id = p_customer AND p_participant = ANY (ev.participant_ids) AND NOT ev.reversed
$$;
