-- A points rule's raw points clamped into its [min, max]. Plain SQL, inlined where it is called. Of
-- the rule's minimum and maximum (a replay's step reads them once per rule: loyalty_rules_may_fire),
-- or of the rule as JSON, which reads them and asks the first.
CREATE OR REPLACE FUNCTION loyalty_rule_clamp(p_min bigint, p_max bigint, p_raw bigint) RETURNS integer
LANGUAGE sql IMMUTABLE AS $$
  SELECT least(p_max, greatest(p_min, p_raw))::integer
$$;
CREATE OR REPLACE FUNCTION loyalty_rule_clamp(r jsonb, p_raw bigint) RETURNS integer
LANGUAGE sql IMMUTABLE AS $$
  SELECT loyalty_rule_clamp((r ->> 'minPoints')::bigint, (r ->> 'maxPoints')::bigint, p_raw)
$$;
