-- A day or transaction type a DAYS or TYPES participation has counted, as one bigint of the
-- customer's challenge_progress.seen (docs/decisions/challenges.md): the participation's id times
-- 2^20, plus the day (days since 1970) or the type's id; NULL for the other goals (or no type).
-- Inlined where it is called (one expression).
CREATE OR REPLACE FUNCTION challenges_seen_key(p_participant bigint, p_goal text, p_day date, p_type integer)
RETURNS bigint
LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE p_goal
      WHEN 'DAYS' THEN p_participant * 1048576 + (p_day - DATE '1970-01-01')
      WHEN 'TYPES' THEN p_participant * 1048576 + p_type
    END
$$;
