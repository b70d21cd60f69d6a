-- Whether a customer passes one eligibility criterion (docs/decisions/configuration.md), evaluated
-- per earning when the earn scope has any. Plain expressions rather than queries: PL/pgSQL runs a
-- SELECT through the executor each time, where an expression is evaluated directly; the lists are
-- tested with jsonb's own operators (`?` one of the strings, `?|` any of them).
CREATE OR REPLACE FUNCTION loyalty_criterion_passes(c customers, k jsonb) RETURNS boolean
LANGUAGE plpgsql STABLE AS $$
DECLARE
  f text := k ->> 'field';
  op text := k ->> 'operator';
  today date;
  n integer;
  t text;
BEGIN
  IF f IN ('daysSinceJoining', 'age', 'kycLevel') THEN
    today := (now() AT TIME ZONE 'UTC')::date;
    n := CASE f
      WHEN 'daysSinceJoining' THEN today - (c.joined_at AT TIME ZONE 'UTC')::date
      WHEN 'age' THEN extract(year FROM age(today, c.date_of_birth))::integer
      ELSE c.kyc_level::integer
    END;
    IF n IS NULL THEN
      RETURN false;
    END IF;
    RETURN CASE op
      WHEN 'gte' THEN n >= (k ->> 'value')::integer
      WHEN 'lte' THEN n <= (k ->> 'value')::integer
      WHEN 'eq' THEN n = (k ->> 'value')::integer
      WHEN 'neq' THEN n <> (k ->> 'value')::integer
      ELSE false
    END;
  END IF;
  IF f = 'product' THEN
    RETURN CASE op
      WHEN 'in' THEN (k -> 'value') ?| c.products
      WHEN 'notIn' THEN NOT ((k -> 'value') ?| c.products)
      ELSE false
    END;
  END IF;
  t := CASE f
    WHEN 'segment' THEN c.segment
    WHEN 'status' THEN c.status
    WHEN 'nationality' THEN c.nationality
    WHEN 'residency' THEN c.residency
  END;
  IF t IS NULL THEN
    RETURN false;
  END IF;
  RETURN CASE op WHEN 'in' THEN (k -> 'value') ? t WHEN 'notIn' THEN NOT ((k -> 'value') ? t) ELSE false END;
END
$$;
