-- A transaction type's points rules in evaluation order (loyalty_rule_order): as given when they
-- come so (the configuration keeps them so: a check of neighbours, no query), else sorted.
CREATE OR REPLACE FUNCTION loyalty_rules_in_order(p_rules jsonb) RETURNS jsonb
LANGUAGE plpgsql IMMUTABLE AS $$
BEGIN
  FOR i IN 1 .. coalesce(jsonb_array_length(p_rules), 0) - 1 LOOP
    IF loyalty_rule_order(p_rules -> (i - 1)) > loyalty_rule_order(p_rules -> i) THEN
      RETURN (SELECT jsonb_agg(x.value ORDER BY loyalty_rule_order(x.value)) FROM jsonb_array_elements(p_rules) x);
    END IF;
  END LOOP;
  RETURN coalesce(p_rules, '[]');
END
$$;
