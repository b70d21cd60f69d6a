-- Moves the customers' challenges for a batch of posted earnings (docs/decisions/challenges.md),
-- called once by the batch's own statement (loyalty_post_earnings) after its entries, with the
-- batch's customers locked, so one customer's earnings move their progress one after the other.
-- Set-based, in rounds: round k takes each customer's k-th earning of the batch (most batches are
-- one round), so a customer is in a round once and their earnings count in order. A round is one
-- statement: it finds, per earning, the ACTIVE challenges whose period, transaction types and
-- amount condition it meets, each with the customer's latest participation (an opt-in challenge
-- counts only for those who joined; an automatic one starts a participation at the first
-- qualifying earning when the customer is in its audience; a rolling window that has passed starts
-- the next cycle when the challenge repeats per period); records the earning once in
-- challenge_earnings with the participations it counts in (its key: exactly once per transaction);
-- and moves them — COUNT +1, AMOUNT + the amount, DAYS and TYPES +1 for a day or type not in the
-- participation's `days` / `types` yet (a day or type already there leaves the row unwritten). Only a participation that crosses a step's target comes
-- back to be paid: the budget taken under the challenge's row lock (customers, then challenges in
-- id order), the points posted through loyalty_post_entry. A step the budget cannot pay is reached
-- unpaid, and the challenge ends when what is left cannot pay its smallest step. Answers the points
-- paid.
DROP FUNCTION IF EXISTS challenges_progress(bigint, bigint, integer, numeric, timestamptz);
CREATE OR REPLACE FUNCTION challenges_progress(
  p_customers bigint[], p_entries bigint[], p_types integer[], p_amounts numeric[], p_at timestamptz[]
) RETURNS integer
LANGUAGE plpgsql AS $$
DECLARE
  u record;
  rounds integer;
  reached integer;
  pts integer;
  paid integer := 0;
  got integer;
  expiry integer;
  posted record;
BEGIN
  IF coalesce(cardinality(p_entries), 0) = 0 OR NOT EXISTS (SELECT 1 FROM challenges ch WHERE ch.status = 'ACTIVE') THEN
    RETURN 0;
  END IF;
  SELECT max(n) INTO rounds FROM (SELECT count(*) AS n FROM unnest(p_customers) c GROUP BY c) x;
  FOR n_round IN 1 .. rounds LOOP
    FOR u IN
      WITH live AS MATERIALIZED (
        -- The live challenges, read once for the round (not once per earning).
        SELECT ch.id, ch.starts_at, ch.ends_at, ch.transaction_type_ids, ch.amount_condition, ch.amount_value,
            ch.goal_kind, ch.rolling_days, ch.steps, ch.name_en, ch.enrolment, ch.repeat
          FROM challenges ch WHERE ch.status = 'ACTIVE'
      ), e AS (
        SELECT x.customer, x.entry, x.type_id, x.amount, x.at, (x.at AT TIME ZONE 'UTC')::date AS day
          FROM (SELECT x.*, row_number() OVER (PARTITION BY x.customer ORDER BY x.n) AS round
            FROM unnest(p_customers, p_entries, p_types, p_amounts, p_at) WITH ORDINALITY
              x (customer, entry, type_id, amount, at, n)) x
          WHERE x.round = n_round
      ), found AS (
        SELECT e.*, ch.id AS challenge_id, ch.goal_kind, ch.rolling_days, ch.steps, ch.name_en, ch.enrolment,
            ch.repeat, p.id AS old, coalesce(p.cycle, 0) AS cycle, p.completed_at, p.joined_at,
            p.id IS NOT NULL AND (p.window_ends_at IS NULL OR e.at < p.window_ends_at) AS live
          FROM e
            JOIN live ch ON e.at >= ch.starts_at AND e.at < ch.ends_at
              AND (cardinality(ch.transaction_type_ids) = 0 OR e.type_id = ANY (ch.transaction_type_ids))
              AND (ch.amount_condition IS NULL OR CASE ch.amount_condition
                WHEN 'GT' THEN e.amount > ch.amount_value WHEN 'GTE' THEN e.amount >= ch.amount_value
                WHEN 'EQ' THEN e.amount = ch.amount_value WHEN 'LT' THEN e.amount < ch.amount_value
                ELSE e.amount <= ch.amount_value END)
            LEFT JOIN LATERAL (SELECT cp.id, cp.cycle, cp.window_ends_at, cp.completed_at, cp.joined_at
              FROM challenge_participants cp WHERE cp.challenge_id = ch.id AND cp.customer_id = e.customer
              ORDER BY cp.cycle DESC LIMIT 1) p ON true
      ), m AS MATERIALIZED (
        -- The participation each earning counts in: the live one (not completed, joined by then),
        -- or a new one (its id taken now) for an automatic challenge — once, or per period — whose
        -- audience holds the customer (an opt-in one waits for the customer to join again).
        SELECT f.customer, f.entry, f.type_id, f.amount, f.at, f.day, f.cycle, f.challenge_id, f.goal_kind,
            f.rolling_days, f.steps, f.name_en, NOT f.live AS fresh,
            CASE WHEN f.live THEN CASE WHEN f.completed_at IS NULL AND f.at >= f.joined_at THEN f.old END
              WHEN f.enrolment = 'AUTOMATIC' AND (f.old IS NULL OR f.repeat = 'PER_PERIOD')
                AND challenges_audience((SELECT c FROM customers c WHERE c.id = f.customer),
                  (SELECT k FROM challenges k WHERE k.id = f.challenge_id))
              THEN nextval(pg_get_serial_sequence('challenge_participants', 'id')) END AS part
          FROM found f
      ), ev AS (
        INSERT INTO challenge_earnings (entry_id, customer_id, participant_ids, transaction_type_id, amount, day)
          SELECT m.entry, m.customer, array_agg(m.part ORDER BY m.challenge_id), m.type_id, m.amount, m.day
            FROM m WHERE m.part IS NOT NULL GROUP BY m.entry, m.customer, m.type_id, m.amount, m.day
          ON CONFLICT DO NOTHING
          RETURNING challenge_earnings.entry_id
      ), started AS (
        INSERT INTO challenge_participants
            (id, challenge_id, customer_id, cycle, joined_at, window_ends_at, progress, days, types)
          OVERRIDING SYSTEM VALUE SELECT m.part, m.challenge_id, m.customer, m.cycle + 1, m.at,
              CASE WHEN m.rolling_days IS NOT NULL THEN m.at + make_interval(days => m.rolling_days) END,
              CASE WHEN m.goal_kind = 'AMOUNT' THEN m.amount ELSE 1 END,
              CASE WHEN m.goal_kind = 'DAYS' THEN ARRAY[m.day] ELSE '{}' END,
              CASE WHEN m.goal_kind = 'TYPES' THEN ARRAY[m.type_id] ELSE '{}' END
            FROM m WHERE m.fresh AND m.part IS NOT NULL AND m.entry = ANY (ARRAY(SELECT ev.entry_id FROM ev))
          RETURNING challenge_participants.id, challenge_participants.challenge_id, challenge_participants.progress,
            challenge_participants.steps_reached, challenge_participants.customer_id, challenge_participants.joined_at
      ), moved AS (
        UPDATE challenge_participants cp SET
            progress = CASE m.goal_kind WHEN 'COUNT' THEN cp.progress + 1 WHEN 'AMOUNT' THEN cp.progress + m.amount
              WHEN 'DAYS' THEN cardinality(cp.days) + CASE WHEN m.day = ANY (cp.days) THEN 0 ELSE 1 END
              ELSE cardinality(cp.types) + CASE WHEN m.type_id = ANY (cp.types) THEN 0 ELSE 1 END END,
            days = CASE WHEN m.goal_kind = 'DAYS' AND NOT m.day = ANY (cp.days) THEN cp.days || m.day ELSE cp.days END,
            types = CASE WHEN m.goal_kind = 'TYPES' AND NOT m.type_id = ANY (cp.types) THEN cp.types || m.type_id
              ELSE cp.types END
          FROM m
          WHERE NOT m.fresh AND cp.id = m.part AND m.entry = ANY (ARRAY(SELECT ev.entry_id FROM ev))
            -- A day or type already counted moves nothing: the row is not written (the earning is
            -- still recorded against it in challenge_earnings, for a reversal's recount).
            AND CASE m.goal_kind WHEN 'DAYS' THEN NOT m.day = ANY (cp.days)
              WHEN 'TYPES' THEN NOT m.type_id = ANY (cp.types) ELSE true END
          RETURNING cp.id, cp.challenge_id, cp.progress, cp.steps_reached, m.customer, m.at, m.steps, m.name_en
      )
      -- The participations that crossed a step's target (no join back to m: its estimate is one row).
      SELECT x.* FROM (
          SELECT s.id, s.challenge_id, s.progress, s.steps_reached, s.customer_id AS customer, s.joined_at AS at,
              ch.steps, ch.name_en
            FROM started s JOIN challenges ch ON ch.id = s.challenge_id
          UNION ALL SELECT * FROM moved
        ) x
        WHERE x.steps_reached < jsonb_array_length(x.steps)
          AND (x.steps -> x.steps_reached ->> 'target')::numeric <= x.progress
        ORDER BY x.challenge_id, x.customer
    LOOP
      reached := u.steps_reached;
      WHILE reached < jsonb_array_length(u.steps) AND (u.steps -> reached ->> 'target')::numeric <= u.progress LOOP
        reached := reached + 1;
      END LOOP;
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
          posted := loyalty_post_entry(u.customer, 'ADJUST', pts, 'challenge:' || u.challenge_id || ':' || i, true,
            CASE WHEN coalesce(expiry, 0) > 0 THEN u.at + make_interval(months => expiry) END,
            u.at, p_note => u.name_en);
          INSERT INTO challenge_payouts AS po (participant_id, step, challenge_id, customer_id, points, entry_id)
            VALUES (u.id, i, u.challenge_id, u.customer, pts, posted.entry_id)
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
          completed_at = CASE WHEN reached = jsonb_array_length(u.steps) THEN u.at END
        WHERE cp.id = u.id;
      paid := paid + got;
    END LOOP;
  END LOOP;
  RETURN paid;
END
$$;
