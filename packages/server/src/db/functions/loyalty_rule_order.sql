-- A points rule's place in the evaluation order (loyalty_rule_verdicts): priority ascending, a
-- tier's own rule before an all-tiers rule, the older rule first.
CREATE OR REPLACE FUNCTION loyalty_rule_order(r jsonb) RETURNS integer[]
LANGUAGE sql IMMUTABLE AS $$
  SELECT ARRAY[(r ->> 'priority')::integer, ((r ->> 'tierId') IS NULL)::integer, (r ->> 'id')::integer]
$$;
