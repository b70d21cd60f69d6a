-- Whether a customer is in a campaign's holdout (docs/decisions/campaign-holdouts.md): a hash of
-- the customer id keyed by the campaign's seed, taken into one of 100 buckets; the first `p_pct`
-- buckets are held out. Deterministic (the same customer is always in or out of the same campaign),
-- independent between campaigns (each has its own seed), reproducible from the recorded seed.
-- Plain SQL and IMMUTABLE so the planner inlines it in the analysis' queries.
CREATE OR REPLACE FUNCTION loyalty_campaign_holdout(p_customer_id bigint, p_seed integer, p_pct integer)
RETURNS boolean
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT p_pct > 0 AND abs(hashtextextended(p_customer_id::text, p_seed) % 100) < p_pct
$$;
