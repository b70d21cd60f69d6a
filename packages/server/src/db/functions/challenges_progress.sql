-- Moves the customer's challenges for one posted earning (docs/decisions/challenges.md), called by
-- the earning's own statement (loyalty_post_earnings) under the customer's lock, so one
-- customer's earnings move their progress one after the other. For each ACTIVE challenge whose
-- period, transaction types and amount condition the earning meets: finds the customer's
-- participation (an opt-in challenge counts only for those who joined; an automatic one starts it
-- at the first qualifying earning when the customer is in its audience; a rolling window that has
-- passed starts the next cycle when the challenge repeats per period), records the earning once
-- (challenge_events' key: exactly once per transaction), recounts the progress and pays each step
-- newly reached: the budget taken under the challenge's row lock (customers, then challenges), the
-- points posted through loyalty_post_entry. A step the budget cannot pay is reached unpaid, and
-- the challenge ends when what is left cannot pay its smallest step. Answers the points paid.
CREATE OR REPLACE FUNCTION challenges_progress(
  p_customer bigint, p_entry bigint, p_type_id integer, p_amount numeric, p_occurred_at timestamptz
) RETURNS integer
LANGUAGE plpgsql AS $$
DECLARE
  k challenges;
  cust customers;
  part challenge_participants;
  n numeric;
  reached integer;
  pts integer;
  paid integer := 0;
  expiry integer;
  posted record;
  fresh boolean;
BEGIN
  FOR k IN
    SELECT * FROM challenges ch
      WHERE ch.status = 'ACTIVE' AND p_occurred_at >= ch.starts_at AND p_occurred_at < ch.ends_at
        AND (cardinality(ch.transaction_type_ids) = 0 OR p_type_id = ANY (ch.transaction_type_ids))
        AND (ch.amount_condition IS NULL OR CASE ch.amount_condition
          WHEN 'GT' THEN p_amount > ch.amount_value WHEN 'GTE' THEN p_amount >= ch.amount_value
          WHEN 'EQ' THEN p_amount = ch.amount_value WHEN 'LT' THEN p_amount < ch.amount_value
          ELSE p_amount <= ch.amount_value END)
      ORDER BY ch.id
  LOOP
    SELECT * INTO part FROM challenge_participants cp
      WHERE cp.challenge_id = k.id AND cp.customer_id = p_customer ORDER BY cp.cycle DESC LIMIT 1;
    fresh := false;
    IF FOUND AND part.window_ends_at IS NOT NULL AND p_occurred_at >= part.window_ends_at THEN
      -- The customer's window is over: the next cycle only for an automatic challenge per period
      -- (an opt-in one waits for the customer to join again).
      CONTINUE WHEN k.repeat <> 'PER_PERIOD' OR k.enrolment <> 'AUTOMATIC';
      part.cycle := part.cycle + 1;
      fresh := true;
    ELSIF FOUND THEN
      CONTINUE WHEN part.completed_at IS NOT NULL OR p_occurred_at < part.joined_at;
    ELSE
      CONTINUE WHEN k.enrolment <> 'AUTOMATIC';
      part.cycle := 1;
      fresh := true;
    END IF;
    IF fresh THEN
      IF cust IS NULL THEN
        SELECT * INTO cust FROM customers c WHERE c.id = p_customer;
      END IF;
      CONTINUE WHEN NOT challenges_audience(cust, k);
      INSERT INTO challenge_participants (challenge_id, customer_id, cycle, joined_at, window_ends_at)
        VALUES (k.id, p_customer, part.cycle, p_occurred_at,
          CASE WHEN k.rolling_days IS NOT NULL THEN p_occurred_at + make_interval(days => k.rolling_days) END)
        RETURNING * INTO part;
    END IF;
    INSERT INTO challenge_events (entry_id, challenge_id, participant_id, transaction_type_id, amount, day)
      VALUES (p_entry, k.id, part.id, p_type_id, p_amount, (p_occurred_at AT TIME ZONE 'UTC')::date)
      ON CONFLICT DO NOTHING;
    CONTINUE WHEN NOT FOUND;
    n := challenges_recount(part.id, k.goal_kind);
    SELECT count(*) INTO reached FROM jsonb_array_elements(k.steps) s WHERE (s ->> 'target')::numeric <= n;
    FOR i IN part.steps_reached + 1 .. reached LOOP
      -- Paid once per participation and step (a step reached again after a reversal that kept its
      -- reward is not paid again; one whose reward was reversed is).
      CONTINUE WHEN EXISTS (SELECT 1 FROM challenge_payouts po
        WHERE po.participant_id = part.id AND po.step = i AND po.reversal_entry_id IS NULL);
      pts := (k.steps -> (i - 1) ->> 'points')::integer;
      UPDATE challenges ch SET spent = ch.spent + pts, updated_at = now()
        WHERE ch.id = k.id AND ch.spent + pts <= ch.budget;
      IF FOUND THEN
        IF expiry IS NULL THEN
          SELECT s.expiry_months INTO expiry FROM loyalty_settings s WHERE s.id = 1;
        END IF;
        posted := loyalty_post_entry(p_customer, 'ADJUST', pts, 'challenge:' || k.id || ':' || i, true,
          CASE WHEN coalesce(expiry, 0) > 0 THEN p_occurred_at + make_interval(months => expiry) END,
          p_occurred_at, p_note => k.name_en);
        INSERT INTO challenge_payouts AS po (participant_id, step, challenge_id, customer_id, points, entry_id)
          VALUES (part.id, i, k.id, p_customer, pts, posted.entry_id)
          ON CONFLICT (participant_id, step) DO UPDATE
            SET points = excluded.points, entry_id = excluded.entry_id, reversal_entry_id = NULL,
              created_at = now();
        part.points_paid := part.points_paid + pts;
        paid := paid + pts;
      END IF;
      -- Nothing left for the smallest step: the challenge ends.
      UPDATE challenges ch SET status = 'ENDED', updated_at = now()
        WHERE ch.id = k.id AND ch.status = 'ACTIVE' AND ch.budget - ch.spent <
          (SELECT min((s ->> 'points')::integer) FROM jsonb_array_elements(ch.steps) s);
    END LOOP;
    UPDATE challenge_participants cp SET progress = n, steps_reached = greatest(cp.steps_reached, reached),
        points_paid = part.points_paid,
        completed_at = CASE WHEN reached = jsonb_array_length(k.steps) THEN coalesce(cp.completed_at, p_occurred_at) END
      WHERE cp.id = part.id;
  END LOOP;
  RETURN paid;
END
$$;
