-- `taken`: per campaign the batch drew on, [points taken, customers reached, budget left when
-- first read, status]; `p_lock` (one earning per call): lock this earning's campaigns first.
CREATE OR REPLACE FUNCTION loyalty_campaign_bonus(
  cust customers, p_base integer, p_amount numeric, p_campaigns jsonb, p_terms jsonb,
  p_lock boolean, INOUT taken jsonb, OUT bonus integer, OUT shares jsonb
)
LANGUAGE plpgsql AS $$
DECLARE
  i integer;
  k jsonb;
  kid integer;
  want bigint;
  cap integer;
  had integer;
  remaining integer;
  st text;
  is_new boolean;
  mine jsonb;
BEGIN
  bonus := 0;
  shares := '[]'::jsonb;
  -- Locked mode (one earning per call): this earning's campaigns, in id order, after its customer.
  IF p_lock THEN
    PERFORM 1 FROM campaigns k2
      WHERE k2.id IN (SELECT coalesce(x ->> 'id', x #>> '{}')::integer FROM jsonb_array_elements(p_campaigns) x)
      ORDER BY k2.id FOR UPDATE;
  END IF;
  FOR i IN 0 .. jsonb_array_length(p_campaigns) - 1 LOOP
    k := CASE WHEN p_terms IS NULL THEN p_campaigns -> i ELSE p_terms -> (p_campaigns ->> i) END;
    IF jsonb_array_length(k -> 'tiers') > 0 AND NOT (k -> 'tiers') @> to_jsonb(cust.tier_id) THEN
      CONTINUE;
    END IF;
    IF jsonb_array_length(k -> 'segments') > 0 AND NOT (k -> 'segments') @> to_jsonb(cust.segment) THEN
      CONTINUE;
    END IF;
    IF jsonb_array_length(k -> 'criteria') > 0 AND loyalty_criteria_failure(cust, k -> 'criteria') IS NOT NULL THEN
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
      -- Under the customer's lock: no other transaction moves this customer's share meanwhile.
      SELECT cc.points INTO had FROM campaign_customers cc WHERE cc.campaign_id = kid AND cc.customer_id = cust.id;
      want := least(want, cap - coalesce(had, 0));
      IF want <= 0 THEN
        CONTINUE;
      END IF;
    END IF;
    -- ACTIVE, or SCHEDULED and started (the scheduling job flips the status a little later); what
    -- remains is the budget as the batch first read it less what the batch took since. Read once
    -- per batch: the batch's end takes what it drew only if the budget still holds it (else LY001,
    -- and each earning is posted again with the campaign locked).
    mine := taken -> kid::text;
    IF mine IS NULL THEN
      SELECT jsonb_build_array(0, 0, k2.budget - k2.spent,
          CASE WHEN k2.status = 'SCHEDULED' AND k2.starts_at <= now() THEN 'ACTIVE' ELSE k2.status END)
        INTO mine FROM campaigns k2 WHERE k2.id = kid;
    END IF;
    remaining := (mine ->> 2)::integer - (mine ->> 0)::integer;
    st := mine ->> 3;
    IF st IS DISTINCT FROM 'ACTIVE' OR remaining <= 0 THEN
      CONTINUE;
    END IF;
    want := least(want, remaining);
    IF cap IS NULL THEN
      -- Reached, nothing to count against a cap: written by the batch's end (loyalty_post_earnings),
      -- which counts the customers new to the campaign.
      is_new := false;
    ELSE
      INSERT INTO campaign_customers AS cc (campaign_id, customer_id, points) VALUES (kid, cust.id, want)
        ON CONFLICT (campaign_id, customer_id) DO UPDATE SET points = cc.points + excluded.points
          WHERE cc.points + excluded.points <= cap
        RETURNING (xmax = 0) INTO is_new;
      IF NOT FOUND THEN
        CONTINUE;
      END IF;
    END IF;
    taken := jsonb_set(taken, ARRAY[kid::text], jsonb_build_array((mine ->> 0)::integer + want,
      (mine ->> 1)::integer + CASE WHEN is_new THEN 1 ELSE 0 END, mine -> 2, mine -> 3));
    bonus := bonus + want::integer;
    shares := shares || jsonb_build_object('id', kid, 'points', want);
    IF NOT (k ->> 'stackable')::boolean THEN
      EXIT;
    END IF;
  END LOOP;
END
$$;
