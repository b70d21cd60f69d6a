-- The campaigns' bonus for one earning, part of its decision (loyalty_decide_earning; writes
-- nothing). `p_campaigns`: the live campaigns' terms, highest priority first. A campaign counts when
-- the earning is in its period, on its days and hours (UTC), of its products and customers (an
-- empty list: all), and the customer is of its tiers, segments and criteria; stacking, then the
-- customer's cap and the budget left clip the grant; a customer in the campaign's holdout is
-- skipped. `taken`: per campaign drawn on, [points taken, customers reached, budget left when first
-- read, status]. `shares`: each campaign's points, and
-- its cap (the posting keeps the customer's running share under the cap).
DROP FUNCTION IF EXISTS loyalty_campaign_bonus(customers, integer, numeric, jsonb, jsonb, boolean, jsonb);
CREATE OR REPLACE FUNCTION loyalty_campaign_bonus(
  cust customers, p_type_id integer, p_base integer, p_amount numeric, p_occurred_at timestamptz,
  p_campaigns jsonb, INOUT taken jsonb, OUT bonus integer, OUT shares jsonb
)
LANGUAGE plpgsql STABLE AS $$
DECLARE
  k jsonb;
  kid integer;
  want bigint;
  cap integer;
  had integer;
  remaining integer;
  mine jsonb;
  utc timestamp := p_occurred_at AT TIME ZONE 'UTC';
  hour integer := extract(hour FROM utc);
  dow integer := extract(dow FROM utc);
BEGIN
  bonus := 0;
  shares := '[]'::jsonb;
  FOR i IN 0 .. jsonb_array_length(p_campaigns) - 1 LOOP
    k := p_campaigns -> i;
    IF p_occurred_at < (k ->> 'startsAt')::timestamptz OR p_occurred_at >= (k ->> 'endsAt')::timestamptz
        OR (jsonb_array_length(k -> 'types') > 0 AND NOT (k -> 'types') @> to_jsonb(p_type_id))
        OR (jsonb_array_length(k -> 'days') > 0 AND NOT (k -> 'days') @> to_jsonb(dow))
        OR (k ->> 'hourFrom' IS NOT NULL AND k ->> 'hourTo' IS NOT NULL
          AND (hour < (k ->> 'hourFrom')::integer OR hour >= (k ->> 'hourTo')::integer))
        OR (jsonb_array_length(k -> 'customers') > 0 AND NOT (k -> 'customers') ? upper(cust.customer_number)) THEN
      CONTINUE;
    END IF;
    IF jsonb_array_length(k -> 'tiers') > 0 AND NOT (k -> 'tiers') @> to_jsonb(cust.tier_id) THEN
      CONTINUE;
    END IF;
    IF jsonb_array_length(k -> 'segments') > 0 AND NOT (k -> 'segments') @> to_jsonb(cust.segment) THEN
      CONTINUE;
    END IF;
    IF jsonb_array_length(k -> 'criteria') > 0 AND loyalty_criteria_failure(cust, k -> 'criteria') IS NOT NULL THEN
      CONTINUE;
    END IF;
    -- The campaign's holdout is never awarded (loyalty_campaign_holdout; nothing to do at 0 %).
    IF (k ->> 'holdoutPct')::integer > 0
        AND loyalty_campaign_holdout(cust.id, (k ->> 'holdoutSeed')::integer, (k ->> 'holdoutPct')::integer) THEN
      CONTINUE;
    END IF;
    IF bonus > 0 AND NOT (k ->> 'stackable')::boolean THEN
      CONTINUE;
    END IF;
    want := CASE k ->> 'kind'
      WHEN 'MULTIPLIER' THEN floor(p_base * (k ->> 'value')::numeric)
      WHEN 'FIXED' THEN (k ->> 'value')::numeric
      ELSE floor(p_amount / (k ->> 'per')::numeric) * (k ->> 'value')::numeric
    END;
    IF want IS NULL OR want <= 0 THEN
      CONTINUE;
    END IF;
    kid := (k ->> 'id')::integer;
    cap := (k ->> 'cap')::integer;
    IF cap IS NOT NULL THEN
      -- Posting holds the customer's lock: no other transaction moves this customer's share meanwhile.
      SELECT cc.points INTO had FROM campaign_customers cc WHERE cc.campaign_id = kid AND cc.customer_id = cust.id;
      want := least(want, cap - coalesce(had, 0));
      IF want <= 0 THEN
        CONTINUE;
      END IF;
    END IF;
    -- ACTIVE, or SCHEDULED and started (the scheduling job flips the status a little later); what
    -- remains is the budget as the batch first read it less what the batch took since. Read once
    -- per batch: the batch's end takes what it drew only if the budget still holds it (else LY001,
    -- and each earning is posted again with the campaign locked). A candidate campaign (a draft a
    -- replay tries) carries the budget it would have (`budgetLeft`).
    mine := taken -> kid::text;
    IF mine IS NULL AND k ? 'budgetLeft' THEN
      mine := jsonb_build_array(0, 0, k -> 'budgetLeft', 'ACTIVE');
    ELSIF mine IS NULL THEN
      SELECT jsonb_build_array(0, 0, k2.budget - k2.spent,
          CASE WHEN k2.status = 'SCHEDULED' AND k2.starts_at <= now() THEN 'ACTIVE' ELSE k2.status END)
        INTO mine FROM campaigns k2 WHERE k2.id = kid;
    END IF;
    remaining := (mine ->> 2)::integer - (mine ->> 0)::integer;
    IF mine ->> 3 IS DISTINCT FROM 'ACTIVE' OR remaining <= 0 THEN
      CONTINUE;
    END IF;
    want := least(want, remaining);
    taken := jsonb_set(taken, ARRAY[kid::text], jsonb_build_array((mine ->> 0)::integer + want,
      (mine ->> 1)::integer, mine -> 2, mine -> 3));
    bonus := bonus + want::integer;
    shares := shares || jsonb_build_object('id', kid, 'points', want, 'cap', cap);
    IF NOT (k ->> 'stackable')::boolean THEN
      EXIT;
    END IF;
  END LOOP;
END
$$;
