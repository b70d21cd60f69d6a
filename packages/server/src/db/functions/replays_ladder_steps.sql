-- A tier ladder (`p_ladder`: [[tier id, min points]…], highest first, as replays_ladder_tier takes
-- it) as its tier ids by ascending minimum, with those minimums, for a set-based reader:
-- ids[width_bucket(points, mins)] is the tier replays_ladder_tier gives (of equal minimums, the one
-- it takes comes last), NULL below every minimum. Plain SQL, inlined where it is called.
CREATE OR REPLACE FUNCTION replays_ladder_steps(p_ladder jsonb, OUT ids integer[], OUT mins integer[])
LANGUAGE sql IMMUTABLE AS $$
  SELECT array_agg((x ->> 0)::integer ORDER BY (x ->> 1)::integer, o DESC),
      array_agg((x ->> 1)::integer ORDER BY (x ->> 1)::integer, o DESC)
    FROM jsonb_array_elements(p_ladder) WITH ORDINALITY l (x, o)
$$;
