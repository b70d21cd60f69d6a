-- The live (ACTIVE) challenges' terms in one row (docs/decisions/challenges.md, the quick path):
-- `terms`, a fingerprint of every live challenge's id and terms (a customer's quick path holds while
-- it is the one the path was set for: a challenge started, ended, paused or changed turns it off);
-- `uniform`, whether they all count the same transactions (types and amount condition), and those;
-- `live`, how many; the latest start and earliest end of their periods. Read once per round of the
-- earning's statement (challenges_progress).
CREATE OR REPLACE FUNCTION challenges_live_terms()
RETURNS TABLE (
  terms bigint, uniform boolean, live integer, type_ids integer[], amount_condition text, amount_value numeric,
  starts_at timestamptz, ends_at timestamptz
)
LANGUAGE sql STABLE AS $$
  SELECT hashtextextended(string_agg((ch.id, ch.starts_at, ch.ends_at, ch.transaction_type_ids, ch.amount_condition,
        ch.amount_value, ch.goal_kind, ch.rolling_days, ch.enrolment, ch.repeat, ch.steps)::text, ',' ORDER BY ch.id), 0),
      count(DISTINCT (ch.transaction_type_ids, ch.amount_condition, ch.amount_value)) = 1,
      count(*)::integer, min(ch.transaction_type_ids), min(ch.amount_condition), min(ch.amount_value),
      max(ch.starts_at), min(ch.ends_at)
    FROM challenges ch WHERE ch.status = 'ACTIVE'
$$;
