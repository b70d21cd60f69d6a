-- Pays the steps that a round's participations crossed (challenges_progress, one call a round;
-- docs/decisions/challenges.md, "Steps paid set-based"), the batch's customers locked. The round's
-- challenges are locked first, in id order, as every batch locks them after its customers. A step is
-- paid once per participation (one reached again after a reversal that kept its reward is not paid
-- again; one whose reward was reversed is), from the challenge's budget.
-- Set-based where that is exact: for each challenge whose steps due in the round all pay points and
-- fit together in what is left of its budget, with tiers on lifetime points, one statement takes its
-- budget once (and ends it when what is left cannot pay its smallest step), moves each customer's
-- balance once, inserts the entries (ADJUST lots, the running balance in challenge and step order),
-- the payouts and the participations' steps; the tier is then evaluated where an entry reaches
-- another tier than the one before it (posting them one by one would do nothing at the others).
-- The other challenges' steps one at a time, as posting them always did: points through
-- loyalty_post_entry, a voucher step's voucher issued (challenges_issue_voucher, its value in points
-- taken from the budget), a step the budget or the voucher's stock cannot pay reached unpaid with
-- the reason in challenge_payouts. The challenges, customers and payouts are reached by their keys
-- (`= ANY` the round's), whatever the plan guesses of a round's size. Answers the points paid.
CREATE OR REPLACE FUNCTION challenges_pay_steps(
  p_parts bigint[], p_challenges integer[], p_steps integer[], p_customers bigint[], p_at timestamptz[],
  p_progress numeric[]
) RETURNS integer
LANGUAGE plpgsql AS $$
DECLARE
  settings record;
  paid integer := 0;
  -- The challenges paid set-based, and the tier evaluations their entries need, in order.
  taken_ids integer[];
  t_customers bigint[];
  t_lifetimes integer[];
  t_tiers integer[];
  tier integer;
  u record;
  reached integer;
  pts integer;
  got integer;
  posted record;
  voucher integer;
  issued bigint;
  entry bigint;
  why text;
BEGIN
  PERFORM 1 FROM challenges ch WHERE ch.id = ANY (p_challenges) ORDER BY ch.id FOR NO KEY UPDATE;
  SELECT s.expiry_months, s.tier_basis INTO settings FROM loyalty_settings s WHERE s.id = 1;
  IF settings.tier_basis = 'LIFETIME' THEN
    WITH x AS MATERIALIZED (
      -- Each crossing with its challenge's steps, the steps it reaches (targets ascend) and those
      -- paid already (looked up by the payouts' key, one participation at a time).
      SELECT x.*, ch.steps AS defs, ch.name_en,
          greatest(x.steps_reached, (SELECT count(*)::integer FROM jsonb_array_elements(ch.steps) s
            WHERE (s ->> 'target')::numeric <= x.progress)) AS reached,
          ARRAY(SELECT po.step FROM challenge_payouts po
            WHERE po.participant_id = x.part AND po.reason IS NULL AND po.reversed_at IS NULL) AS paid
        FROM unnest(p_parts, p_challenges, p_steps, p_customers, p_at, p_progress)
            x (part, challenge_id, steps_reached, customer, at, progress)
          JOIN challenges ch ON ch.id = x.challenge_id AND ch.id = ANY (p_challenges)
    ), due AS MATERIALIZED (
      -- The steps to pay: reached now, not paid already.
      SELECT x.part, x.challenge_id, x.customer, x.at, x.name_en, s.i::integer AS step,
          (s.def ->> 'points')::integer AS pts, s.def ->> 'voucherId' IS NOT NULL AS voucher
        FROM x CROSS JOIN LATERAL jsonb_array_elements(x.defs) WITH ORDINALITY s (def, i)
        WHERE s.i > x.steps_reached AND s.i <= x.reached AND NOT s.i = ANY (x.paid)
    ), taken AS (
      -- (`updated_at` only when it ends: a change of status, as staff's are.)
      UPDATE challenges ch SET spent = ch.spent + d.total,
          status = CASE WHEN ch.status = 'ACTIVE' AND ch.budget - ch.spent - d.total < d.smallest
            THEN 'ENDED' ELSE ch.status END,
          updated_at = CASE WHEN ch.status = 'ACTIVE' AND ch.budget - ch.spent - d.total < d.smallest
            THEN now() ELSE ch.updated_at END
        FROM (SELECT due.challenge_id, sum(due.pts) AS total,
            (SELECT min((s ->> 'points')::integer) FROM challenges k, jsonb_array_elements(k.steps) s
              WHERE k.id = due.challenge_id) AS smallest
          FROM due GROUP BY due.challenge_id HAVING NOT bool_or(due.voucher)) d
        WHERE ch.id = d.challenge_id AND ch.id = ANY (p_challenges) AND ch.spent + d.total <= ch.budget
        RETURNING ch.id
    ), pay AS MATERIALIZED (
      -- Each customer's entries in challenge and step order: their ids, and the points so far.
      SELECT d.*, nextval(pg_get_serial_sequence('ledger_entries', 'id')) AS entry,
          sum(d.pts) OVER (PARTITION BY d.customer ORDER BY d.challenge_id, d.step) AS running
        FROM (SELECT due.* FROM due WHERE due.challenge_id IN (SELECT taken.id FROM taken)
          ORDER BY due.customer, due.challenge_id, due.step) d
    ), moved AS (
      UPDATE customers c SET balance = c.balance + m.total, lifetime_points = c.lifetime_points + m.total,
          updated_at = now()
        FROM (SELECT pay.customer, sum(pay.pts)::integer AS total FROM pay GROUP BY pay.customer) m
        WHERE c.id = m.customer AND c.id = ANY (ARRAY(SELECT DISTINCT pay.customer FROM pay))
        RETURNING c.id, c.balance - m.total AS balance_before, c.lifetime_points - m.total AS lifetime_before,
          c.tier_id
    ), entries AS (
      INSERT INTO ledger_entries (id, customer_id, kind, points, balance_after, lot, expires_at, reference,
          occurred_at, note)
        OVERRIDING SYSTEM VALUE
        SELECT pay.entry, pay.customer, 'ADJUST', pay.pts, m.balance_before + pay.running, true,
            CASE WHEN coalesce(settings.expiry_months, 0) > 0
              THEN pay.at + make_interval(months => settings.expiry_months) END,
            'challenge:' || pay.challenge_id || ':' || pay.step, pay.at, pay.name_en
          FROM pay JOIN moved m ON m.id = pay.customer
          ORDER BY pay.entry
    ), payouts AS (
      INSERT INTO challenge_payouts AS po
          (participant_id, step, challenge_id, customer_id, points, entry_id, redemption_id, reason)
        SELECT pay.part, pay.step, pay.challenge_id, pay.customer, pay.pts, pay.entry, NULL, NULL FROM pay
        ON CONFLICT (participant_id, step) DO UPDATE
          SET points = excluded.points, entry_id = excluded.entry_id, redemption_id = NULL, reason = NULL,
            reversal_entry_id = NULL, reversed_at = NULL, created_at = now()
    ), parts AS (
      UPDATE challenge_participants cp SET steps_reached = x.reached, points_paid = cp.points_paid + coalesce(p.got, 0),
          completed_at = CASE WHEN x.reached = jsonb_array_length(x.defs) THEN x.at END
        FROM x LEFT JOIN (SELECT pay.part, sum(pay.pts)::integer AS got FROM pay GROUP BY pay.part) p ON p.part = x.part
        WHERE cp.id = x.part AND x.challenge_id IN (SELECT taken.id FROM taken)
    ), tiers_reached AS (
      -- Each entry's lifetime points after it and the tier they reach; an evaluation where that tier
      -- differs from the one before (the customer's own before the first).
      SELECT l.*, lag(l.target, 1, l.tier_id) OVER (PARTITION BY l.customer ORDER BY l.entry) AS was
        FROM (SELECT pay.customer, pay.entry, m.tier_id, m.lifetime_before + pay.running AS lifetime,
            (SELECT t.id FROM tiers t WHERE t.min_points <= m.lifetime_before + pay.running
              ORDER BY t.min_points DESC LIMIT 1) AS target
          FROM pay JOIN moved m ON m.id = pay.customer) l
    )
    SELECT (SELECT array_agg(taken.id) FROM taken), (SELECT coalesce(sum(pay.pts), 0)::integer FROM pay),
        array_agg(r.customer ORDER BY r.customer, r.entry), array_agg(r.lifetime::integer ORDER BY r.customer, r.entry),
        array_agg(r.tier_id ORDER BY r.customer, r.entry)
      INTO taken_ids, paid, t_customers, t_lifetimes, t_tiers
      FROM tiers_reached r WHERE r.target IS DISTINCT FROM r.was;
    FOR k IN 1 .. coalesce(cardinality(t_customers), 0) LOOP
      IF k = 1 OR t_customers[k] <> t_customers[k - 1] THEN
        tier := t_tiers[k];
      END IF;
      tier := loyalty_evaluate_tier(t_customers[k], tier, t_lifetimes[k], 'ADJUST');
    END LOOP;
  END IF;
  FOR u IN
    SELECT x.part AS id, x.challenge_id, x.steps_reached, x.customer, x.at, ch.steps, ch.name_en, x.progress
      FROM unnest(p_parts, p_challenges, p_steps, p_customers, p_at, p_progress)
          x (part, challenge_id, steps_reached, customer, at, progress)
        JOIN challenges ch ON ch.id = x.challenge_id AND ch.id = ANY (p_challenges)
      WHERE NOT x.challenge_id = ANY (coalesce(taken_ids, '{}'))
      ORDER BY x.challenge_id, x.customer
  LOOP
    reached := u.steps_reached;
    WHILE reached < jsonb_array_length(u.steps) AND (u.steps -> reached ->> 'target')::numeric <= u.progress LOOP
      reached := reached + 1;
    END LOOP;
    got := 0;
    FOR i IN u.steps_reached + 1 .. reached LOOP
      CONTINUE WHEN EXISTS (SELECT 1 FROM challenge_payouts po
        WHERE po.participant_id = u.id AND po.step = i AND po.reason IS NULL AND po.reversed_at IS NULL);
      -- A voucher step's points are the voucher's value, what it takes from the budget.
      pts := (u.steps -> (i - 1) ->> 'points')::integer;
      voucher := (u.steps -> (i - 1) ->> 'voucherId')::integer;
      issued := NULL;
      entry := NULL;
      UPDATE challenges ch SET spent = ch.spent + pts
        WHERE ch.id = u.challenge_id AND ch.spent + pts <= ch.budget;
      IF NOT FOUND THEN
        why := 'BUDGET';
      ELSIF voucher IS NOT NULL THEN
        -- Its external id: the payout's, after the redemption it replaces (one cancelled by a reversal).
        SELECT v.redemption_id, v.reason INTO issued, why
          FROM challenges_issue_voucher(u.customer, voucher, 'challenge:' || u.challenge_id || ':' || u.id || ':' || i
            || coalesce(':' || (SELECT po.redemption_id FROM challenge_payouts po
              WHERE po.participant_id = u.id AND po.step = i), '')) v;
        IF why IS NOT NULL THEN
          -- Nothing issued: the budget taken back, the step reached unpaid with the reason.
          UPDATE challenges ch SET spent = ch.spent - pts WHERE ch.id = u.challenge_id;
        END IF;
      ELSE
        why := NULL;
        posted := loyalty_post_entry(u.customer, 'ADJUST', pts, 'challenge:' || u.challenge_id || ':' || i, true,
          CASE WHEN coalesce(settings.expiry_months, 0) > 0 THEN u.at + make_interval(months => settings.expiry_months) END,
          u.at, p_note => u.name_en);
        entry := posted.entry_id;
        got := got + pts;
      END IF;
      INSERT INTO challenge_payouts AS po
          (participant_id, step, challenge_id, customer_id, points, entry_id, redemption_id, reason)
        VALUES (u.id, i, u.challenge_id, u.customer, CASE WHEN why IS NULL THEN pts ELSE 0 END,
          entry, issued, why)
        ON CONFLICT (participant_id, step) DO UPDATE
          SET points = excluded.points, entry_id = excluded.entry_id, redemption_id = excluded.redemption_id,
            reason = excluded.reason, reversal_entry_id = NULL, reversed_at = NULL, created_at = now();
      -- Nothing left for the smallest step: the challenge ends.
      UPDATE challenges ch SET status = 'ENDED', updated_at = now()
        WHERE ch.id = u.challenge_id AND ch.status = 'ACTIVE' AND ch.budget - ch.spent <
          (SELECT min((s ->> 'points')::integer) FROM jsonb_array_elements(ch.steps) s);
    END LOOP;
    -- (The customer's row has these steps already: challenges_progress wrote them.)
    UPDATE challenge_participants cp SET steps_reached = reached, points_paid = cp.points_paid + got,
        completed_at = CASE WHEN reached = jsonb_array_length(u.steps) THEN u.at END
      WHERE cp.id = u.id;
    paid := paid + got;
  END LOOP;
  RETURN paid;
END
$$;
