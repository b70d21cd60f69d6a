-- The live (ACTIVE) challenges' terms in one row (docs/decisions/challenges.md, the quick path):
-- `terms`, a fingerprint of the live challenges (their ids and when staff last changed each one's
-- terms: a customer's quick path holds while it is the one the path was set for, so a challenge
-- started, ended, paused or changed turns it off, and resumed unchanged turns it on again for the
-- rows no earning rewrote meanwhile; a step paid does not change it);
-- `uniform`, whether they all count the same transactions (types and amount condition), and those;
-- `live`, how many, and `automatic`, the ids of those with automatic enrolment; the latest start and
-- earliest end of their periods. Read once per batch of the earning's statement (challenges_progress).
CREATE OR REPLACE FUNCTION challenges_live_terms()
RETURNS TABLE (
  terms bigint, uniform boolean, live integer, automatic integer[], type_ids integer[], amount_condition text,
  amount_value numeric, starts_at timestamptz, ends_at timestamptz
)
LANGUAGE sql STABLE AS $$
  SELECT bit_xor(hashint8extended(ch.id, (date_part('epoch', ch.terms_changed_at) * 1e6)::bigint)),
      count(DISTINCT (ch.transaction_type_ids, ch.amount_condition, ch.amount_value)) = 1,
      count(*)::integer, coalesce(array_agg(ch.id) FILTER (WHERE ch.enrolment = 'AUTOMATIC'), '{}'),
      min(ch.transaction_type_ids), min(ch.amount_condition), min(ch.amount_value),
      max(ch.starts_at), min(ch.ends_at)
    FROM challenges ch WHERE ch.status = 'ACTIVE'
$$;
