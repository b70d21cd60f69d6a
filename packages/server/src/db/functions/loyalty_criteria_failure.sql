-- The id of the first criterion (in the order given: by priority) the customer fails, or NULL.
CREATE OR REPLACE FUNCTION loyalty_criteria_failure(c customers, p_criteria jsonb) RETURNS integer
LANGUAGE plpgsql STABLE AS $$
DECLARE
  k jsonb;
BEGIN
  FOR i IN 0 .. jsonb_array_length(p_criteria) - 1 LOOP
    k := p_criteria -> i;
    IF NOT loyalty_criterion_passes(c, k) THEN
      RETURN (k ->> 'id')::integer;
    END IF;
  END LOOP;
  RETURN NULL;
END
$$;
