-- The rule choice of a list of rules that may fire (loyalty_rules_may_fire's rows as arrays, in
-- evaluation order) as steps of the amount in cents, for a set-based reader that decides many
-- earnings with one list: a rule's condition compares the amount with its threshold (`unit`,
-- loyalty_rule_raw_points), so which rule is the first met changes only at a threshold or one cent
-- above it. `bounds`: those points, ascending; the other arrays hold, for the amounts below the
-- first bound and from each bound on (position width_bucket(have, bounds) + 1), the rule chosen
-- there, found by the choice itself (the first whose condition loyalty_rule_raw_points meets) at
-- the step's first amount — NULL where none is met. The points then are
-- loyalty_rule_clamp(mins[i], maxs[i], loyalty_rule_raw_points(conditions[i], amounts[i], units[i], points[i], have)).
CREATE OR REPLACE FUNCTION replays_rule_steps(
  p_ids integer[], p_conditions text[], p_amounts numeric[], p_units bigint[], p_points bigint[],
  p_mins bigint[], p_maxs bigint[],
  OUT bounds bigint[], OUT ids integer[], OUT conditions text[], OUT amounts numeric[], OUT units bigint[],
  OUT points bigint[], OUT mins bigint[], OUT maxs bigint[]
)
LANGUAGE sql IMMUTABLE AS $$
  WITH r AS MATERIALIZED (
    SELECT * FROM unnest(p_ids, p_conditions, p_amounts, p_units, p_points, p_mins, p_maxs)
      WITH ORDINALITY r (id, condition, amount, unit, points, min_points, max_points, ord)
  ), b AS (
    SELECT array_agg(DISTINCT v.p ORDER BY v.p) AS bounds
      FROM r CROSS JOIN LATERAL (VALUES (r.unit), (r.unit + 1)) v (p) WHERE v.p IS NOT NULL
  )
  SELECT b.bounds, array_agg(f.id ORDER BY x.o), array_agg(f.condition ORDER BY x.o), array_agg(f.amount ORDER BY x.o),
      array_agg(f.unit ORDER BY x.o), array_agg(f.points ORDER BY x.o), array_agg(f.min_points ORDER BY x.o),
      array_agg(f.max_points ORDER BY x.o)
    FROM b CROSS JOIN LATERAL unnest(coalesce((b.bounds[1] - 1) || b.bounds, '{NULL}')) WITH ORDINALITY x (have, o)
      LEFT JOIN LATERAL (SELECT r.* FROM r
        WHERE loyalty_rule_raw_points(r.condition, r.amount, r.unit, r.points, x.have) IS NOT NULL
        ORDER BY r.ord LIMIT 1) f ON true
    GROUP BY b.bounds
$$;
