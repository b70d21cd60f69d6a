-- The earning decision, in one place (docs/decisions/loyalty-engine.md, "One decision"). In: the
-- customer as they stand (their row; posting reads it under its lock), the transaction (type,
-- amount, time) and the configuration — the points rules of the type, the earn service's daily
-- limits, the earn scope's eligibility criteria, the business banking settings, the live campaigns
-- (each absent: none). Out: the outcome (POSTED, NOT_ACTIVE, NOT_ELIGIBLE with the criterion that
-- failed, LIMIT_EXCEEDED), the base points and the rule that fired, what the daily limits count,
-- and the campaigns' bonus with each campaign's share. It writes nothing: loyalty_apply_earning
-- posts what it decides, the points rules' simulation shows it, and a replay of history can call it
-- with another configuration. Besides its arguments it reads the state the decision depends on:
-- this month's business earnings (the ledger), a campaign's share already paid to the customer and
-- the budget left (`taken`: the batch's running count per campaign; read from `campaigns` when absent).
CREATE OR REPLACE FUNCTION loyalty_decide_earning(
  cust customers, p_type_id integer, p_amount numeric, p_occurred_at timestamptz, p_rules jsonb,
  p_limit jsonb DEFAULT NULL, p_criteria jsonb DEFAULT NULL, p_business jsonb DEFAULT NULL,
  p_campaigns jsonb DEFAULT NULL, INOUT taken jsonb DEFAULT '{}',
  OUT outcome text, OUT points integer, OUT rule_id integer, OUT failed integer, OUT counted integer,
  OUT bonus_points integer, OUT shares jsonb
)
LANGUAGE plpgsql STABLE AS $$
DECLARE
  today date := (now() AT TIME ZONE 'UTC')::date;
  b record;
  fired record;
BEGIN
  bonus_points := 0;
  IF cust.status <> 'ACTIVE' THEN
    outcome := 'NOT_ACTIVE';
    RETURN;
  END IF;
  IF p_criteria IS NOT NULL THEN
    failed := loyalty_criteria_failure(cust, p_criteria);
    IF failed IS NOT NULL THEN
      outcome := 'NOT_ELIGIBLE';
      RETURN;
    END IF;
  END IF;
  fired := loyalty_fire_rule(p_rules, cust.tier_id, p_amount, (p_occurred_at AT TIME ZONE 'UTC')::date);
  rule_id := fired.rule_id;
  points := coalesce(fired.points, 0);
  IF p_business IS NOT NULL AND cust.segment = 'BUSINESS' THEN
    points := loyalty_business_points(cust.id, points, p_type_id, p_business);
  END IF;
  IF p_limit IS NOT NULL THEN
    -- Counted on the customer's row; another day's count is nothing used today.
    IF cust.earn_day IS DISTINCT FROM today THEN
      cust.earn_count := 0;
      cust.earn_points := 0;
    END IF;
    IF (p_limit ->> 'count' IS NOT NULL AND cust.earn_count >= (p_limit ->> 'count')::integer)
        OR (p_limit ->> 'points' IS NOT NULL AND cust.earn_points + points > (p_limit ->> 'points')::integer) THEN
      outcome := 'LIMIT_EXCEEDED';
      RETURN;
    END IF;
    -- The daily limits count the base award only: the bonus is the campaign's, capped by its own rules.
    counted := points;
  END IF;
  IF p_campaigns IS NOT NULL AND jsonb_array_length(p_campaigns) > 0 THEN
    b := loyalty_campaign_bonus(cust, p_type_id, points, p_amount, p_occurred_at, p_campaigns, taken);
    IF b.bonus > 0 THEN
      taken := b.taken;
      bonus_points := b.bonus;
      shares := b.shares;
    END IF;
  END IF;
  outcome := 'POSTED';
END
$$;
