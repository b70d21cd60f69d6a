-- Why a points rule cannot fire for an earning, before its condition is tried: INACTIVE,
-- NOT_YET_VALID, EXPIRED, OTHER_TIER; NULL when it may. `p_day`: the earning's UTC date as
-- 'YYYY-MM-DD' (compared as text with the rule's dates, which JSON carries so: no date parsed per
-- earning). Plain SQL, so that it is inlined where it is called.
CREATE OR REPLACE FUNCTION loyalty_rule_refusal(r jsonb, p_tier_id integer, p_day text) RETURNS text
LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE
    WHEN r ->> 'status' <> 'ACTIVE' THEN 'INACTIVE'
    WHEN p_day < (r ->> 'validFrom') THEN 'NOT_YET_VALID'
    WHEN p_day > (r ->> 'validUntil') THEN 'EXPIRED'
    WHEN (r ->> 'tierId') IS NOT NULL AND (r ->> 'tierId')::integer IS DISTINCT FROM p_tier_id THEN 'OTHER_TIER'
  END
$$;
