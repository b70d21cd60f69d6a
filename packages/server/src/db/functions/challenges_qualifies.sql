-- Whether an earning counts toward a challenge by its terms (docs/decisions/challenges.md): in the
-- challenge's period, of one of its transaction types (none: all), and meeting its amount
-- condition. Inlined where it is called (one expression): the earning's statement
-- (challenges_progress), for the challenges a customer takes part in and for the others.
CREATE OR REPLACE FUNCTION challenges_qualifies(
  p_at timestamptz, p_type integer, p_amount numeric, p_starts timestamptz, p_ends timestamptz,
  p_types integer[], p_condition text, p_value numeric
) RETURNS boolean
LANGUAGE sql IMMUTABLE AS $$
  SELECT p_at >= p_starts AND p_at < p_ends
    AND (cardinality(p_types) = 0 OR p_type = ANY (p_types))
    AND (p_condition IS NULL OR CASE p_condition
      WHEN 'GT' THEN p_amount > p_value WHEN 'GTE' THEN p_amount >= p_value
      WHEN 'EQ' THEN p_amount = p_value WHEN 'LT' THEN p_amount < p_value
      ELSE p_amount <= p_value END)
$$;
