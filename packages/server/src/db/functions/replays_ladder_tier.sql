-- The tier a ladder gives a number of qualifying points (docs/decisions/replay.md, "Tier
-- candidates"): `p_ladder` is [[tier id, min points]…], highest first; the first whose minimum is
-- reached, as loyalty_evaluate_tier chooses; NULL below every minimum.
CREATE OR REPLACE FUNCTION replays_ladder_tier(p_ladder jsonb, p_points integer)
RETURNS integer
LANGUAGE plpgsql IMMUTABLE AS $$
BEGIN
  FOR i IN 0 .. jsonb_array_length(p_ladder) - 1 LOOP
    IF p_points >= (p_ladder -> i ->> 1)::integer THEN
      RETURN (p_ladder -> i ->> 0)::integer;
    END IF;
  END LOOP;
  RETURN NULL;
END
$$;
