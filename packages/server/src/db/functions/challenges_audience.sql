-- Whether a customer is in a challenge's audience (docs/decisions/challenges.md): its tiers,
-- segments, customer list and eligibility criteria (the active ones, checked as the earning's
-- decision checks them: loyalty_criteria_failure); each empty list means everyone. Checked when a
-- participation starts (the customer joins, or an automatic challenge's first qualifying earning).
CREATE OR REPLACE FUNCTION challenges_audience(cust customers, k challenges) RETURNS boolean
LANGUAGE plpgsql STABLE AS $$
DECLARE
  criteria jsonb;
BEGIN
  IF cust.status <> 'ACTIVE'
      OR (cardinality(k.tier_ids) > 0 AND NOT cust.tier_id = ANY (k.tier_ids))
      OR (cardinality(k.tier_ids) > 0 AND cust.tier_id IS NULL)
      OR (cardinality(k.segments) > 0 AND NOT cust.segment = ANY (k.segments))
      OR (cardinality(k.customer_numbers) > 0
        AND NOT upper(cust.customer_number) = ANY (SELECT upper(n) FROM unnest(k.customer_numbers) n)) THEN
    RETURN false;
  END IF;
  IF cardinality(k.criterion_ids) > 0 THEN
    SELECT jsonb_agg(jsonb_build_object('id', e.id, 'name', e.name_en, 'field', e.field,
        'operator', e.operator, 'value', e.value) ORDER BY e.id)
      INTO criteria
      FROM eligibility_criteria e WHERE e.id = ANY (k.criterion_ids) AND e.status = 'ACTIVE';
    IF criteria IS NOT NULL AND loyalty_criteria_failure(cust, criteria) IS NOT NULL THEN
      RETURN false;
    END IF;
  END IF;
  RETURN true;
END
$$;
