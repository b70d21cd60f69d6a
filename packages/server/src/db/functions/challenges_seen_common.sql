-- The days or types (challenges_seen_key's low part) that every one of some DAYS or TYPES
-- participations has counted, read from a challenge_progress row's `seen` (docs/decisions/challenges.md,
-- the quick path: an earning on such a day, of such a type, moves none of them). NULL when there
-- are no such participations (any day or type will do), '{}' when they share none.
CREATE OR REPLACE FUNCTION challenges_seen_common(p_seen bigint[], p_parts bigint[])
RETURNS integer[]
LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE WHEN cardinality(p_parts) > 0 THEN coalesce((
    SELECT array_agg(c.v) FROM (
      SELECT (k % 1048576)::integer AS v FROM unnest(p_seen) k WHERE k / 1048576 = ANY (p_parts)
        GROUP BY 1 HAVING count(*) = cardinality(p_parts)) c), '{}') END
$$;
