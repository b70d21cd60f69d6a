-- Moves the customer's challenges for one posted earning (docs/decisions/challenges.md), called by
-- the earning's own statement (loyalty_post_earnings) under the customer's lock, so one
-- customer's earnings move their progress one after the other. One query finds the ACTIVE
-- challenges whose period, transaction types and amount condition the earning meets, each with the
-- customer's latest participation: an opt-in challenge counts only for those who joined; an
-- automatic one starts a participation at the first qualifying earning when the customer is in its
-- audience; a rolling window that has passed starts the next cycle when the challenge repeats per
-- period. Then one statement records the earning in all of them (challenge_events' key: exactly
-- once per transaction) and moves their progress — COUNT +1, AMOUNT + the amount, DAYS and TYPES
-- +1 for a day or type with no live event yet — and each step newly reached is paid: the budget
-- taken under the challenge's row lock (customers, then challenges), the points posted through
-- loyalty_post_entry. A step the budget cannot pay is reached unpaid, and the challenge ends when
-- what is left cannot pay its smallest step. Answers the points paid.
CREATE OR REPLACE FUNCTION challenges_progress(
  p_customer bigint, p_entry bigint, p_type_id integer, p_amount numeric, p_occurred_at timestamptz
) RETURNS integer
LANGUAGE plpgsql AS $$
DECLARE
  r record;
  u record;
  cust customers;
  ids integer[] := '{}';
  parts bigint[] := '{}';
  v_day date := (p_occurred_at AT TIME ZONE 'UTC')::date;
  reached integer;
  pts integer;
  paid integer := 0;
  got integer;
  expiry integer;
  posted record;
BEGIN
  FOR r IN
    SELECT ch AS k, p.id AS part, p.cycle, p.window_ends_at, p.completed_at, p.joined_at
      FROM challenges ch
        LEFT JOIN LATERAL (SELECT cp.id, cp.cycle, cp.window_ends_at, cp.completed_at, cp.joined_at
          FROM challenge_participants cp WHERE cp.challenge_id = ch.id AND cp.customer_id = p_customer
          ORDER BY cp.cycle DESC LIMIT 1) p ON true
      WHERE ch.status = 'ACTIVE' AND p_occurred_at >= ch.starts_at AND p_occurred_at < ch.ends_at
        AND (cardinality(ch.transaction_type_ids) = 0 OR p_type_id = ANY (ch.transaction_type_ids))
        AND (ch.amount_condition IS NULL OR CASE ch.amount_condition
          WHEN 'GT' THEN p_amount > ch.amount_value WHEN 'GTE' THEN p_amount >= ch.amount_value
          WHEN 'EQ' THEN p_amount = ch.amount_value WHEN 'LT' THEN p_amount < ch.amount_value
          ELSE p_amount <= ch.amount_value END)
      ORDER BY ch.id
  LOOP
    IF r.part IS NOT NULL AND (r.window_ends_at IS NULL OR p_occurred_at < r.window_ends_at) THEN
      CONTINUE WHEN r.completed_at IS NOT NULL OR p_occurred_at < r.joined_at;
    ELSE
      -- None yet, or the customer's window is over: a new cycle only for an automatic challenge
      -- (once, or per period; an opt-in one waits for the customer to join again).
      CONTINUE WHEN (r.k).enrolment <> 'AUTOMATIC' OR (r.part IS NOT NULL AND (r.k).repeat <> 'PER_PERIOD');
      IF cust IS NULL THEN
        SELECT * INTO cust FROM customers c WHERE c.id = p_customer;
      END IF;
      CONTINUE WHEN NOT challenges_audience(cust, r.k);
      INSERT INTO challenge_participants (challenge_id, customer_id, cycle, joined_at, window_ends_at)
        VALUES ((r.k).id, p_customer, coalesce(r.cycle, 0) + 1, p_occurred_at,
          CASE WHEN (r.k).rolling_days IS NOT NULL THEN p_occurred_at + make_interval(days => (r.k).rolling_days) END)
        RETURNING id INTO r.part;
    END IF;
    ids := ids || (r.k).id;
    parts := parts || r.part;
  END LOOP;
  IF cardinality(parts) = 0 THEN
    RETURN 0;
  END IF;
  -- The subqueries read the events before this insert (one snapshot): a day or type is new when
  -- no earlier live event of the participation has it.
  FOR u IN
    WITH ev AS (
      INSERT INTO challenge_events (entry_id, challenge_id, participant_id, transaction_type_id, amount, day)
        SELECT p_entry, x.challenge, x.part, p_type_id, p_amount, v_day FROM unnest(ids, parts) x (challenge, part)
        ON CONFLICT DO NOTHING
        RETURNING participant_id
    )
    UPDATE challenge_participants cp SET progress = cp.progress + CASE ch.goal_kind
        WHEN 'COUNT' THEN 1
        WHEN 'AMOUNT' THEN p_amount
        WHEN 'DAYS' THEN CASE WHEN EXISTS (SELECT 1 FROM challenge_events e
          WHERE e.participant_id = cp.id AND NOT e.reversed AND e.day = v_day) THEN 0 ELSE 1 END
        ELSE CASE WHEN EXISTS (SELECT 1 FROM challenge_events e
          WHERE e.participant_id = cp.id AND NOT e.reversed AND e.transaction_type_id = p_type_id) THEN 0 ELSE 1 END
      END
      FROM challenges ch
      WHERE cp.id = ANY (parts) AND cp.id IN (SELECT ev.participant_id FROM ev) AND ch.id = cp.challenge_id
      RETURNING cp.id, cp.progress, cp.steps_reached, cp.points_paid, ch.id AS challenge_id, ch.steps, ch.name_en
  LOOP
    reached := u.steps_reached;
    WHILE reached < jsonb_array_length(u.steps) AND (u.steps -> reached ->> 'target')::numeric <= u.progress LOOP
      reached := reached + 1;
    END LOOP;
    CONTINUE WHEN reached = u.steps_reached;
    got := 0;
    FOR i IN u.steps_reached + 1 .. reached LOOP
      -- Paid once per participation and step (a step reached again after a reversal that kept its
      -- reward is not paid again; one whose reward was reversed is).
      CONTINUE WHEN EXISTS (SELECT 1 FROM challenge_payouts po
        WHERE po.participant_id = u.id AND po.step = i AND po.reversal_entry_id IS NULL);
      pts := (u.steps -> (i - 1) ->> 'points')::integer;
      UPDATE challenges ch SET spent = ch.spent + pts, updated_at = now()
        WHERE ch.id = u.challenge_id AND ch.spent + pts <= ch.budget;
      IF FOUND THEN
        IF expiry IS NULL THEN
          SELECT s.expiry_months INTO expiry FROM loyalty_settings s WHERE s.id = 1;
        END IF;
        posted := loyalty_post_entry(p_customer, 'ADJUST', pts, 'challenge:' || u.challenge_id || ':' || i, true,
          CASE WHEN coalesce(expiry, 0) > 0 THEN p_occurred_at + make_interval(months => expiry) END,
          p_occurred_at, p_note => u.name_en);
        INSERT INTO challenge_payouts AS po (participant_id, step, challenge_id, customer_id, points, entry_id)
          VALUES (u.id, i, u.challenge_id, p_customer, pts, posted.entry_id)
          ON CONFLICT (participant_id, step) DO UPDATE
            SET points = excluded.points, entry_id = excluded.entry_id, reversal_entry_id = NULL,
              created_at = now();
        got := got + pts;
      END IF;
      -- Nothing left for the smallest step: the challenge ends.
      UPDATE challenges ch SET status = 'ENDED', updated_at = now()
        WHERE ch.id = u.challenge_id AND ch.status = 'ACTIVE' AND ch.budget - ch.spent <
          (SELECT min((s ->> 'points')::integer) FROM jsonb_array_elements(ch.steps) s);
    END LOOP;
    UPDATE challenge_participants cp SET steps_reached = reached, points_paid = cp.points_paid + got,
        completed_at = CASE WHEN reached = jsonb_array_length(u.steps) THEN p_occurred_at END
      WHERE cp.id = u.id;
    paid := paid + got;
  END LOOP;
  RETURN paid;
END
$$;
