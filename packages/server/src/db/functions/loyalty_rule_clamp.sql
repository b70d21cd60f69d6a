-- A points rule's raw points clamped into its [min, max]. Plain SQL, inlined where it is called.
CREATE OR REPLACE FUNCTION loyalty_rule_clamp(r jsonb, p_raw bigint) RETURNS integer
LANGUAGE sql IMMUTABLE AS $$
  SELECT least((r ->> 'maxPoints')::bigint, greatest((r ->> 'minPoints')::bigint, p_raw))::integer
$$;
