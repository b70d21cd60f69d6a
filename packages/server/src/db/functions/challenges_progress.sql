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
-- challenge_earnings with the participations it counts in (its key: exactly once per transaction).
-- Progress is not stored on the participations: the customer's one challenge_progress row keeps
-- each participation's [count, sum, days, types], only what its goal needs (COUNT transactions,
-- AMOUNT their sum, DAYS and TYPES the distinct days and types; 0 or [] otherwise), read once and
-- rewritten once per earning when it changed, so a participation row is written only when it
-- starts or reaches a step. Only
-- a participation that crosses a step's target comes back to be paid: the budget taken under the
-- challenge's row lock (customers, then challenges in id order), the points posted through
-- loyalty_post_entry, or a voucher step's voucher issued (challenges_issue_voucher, its value in
-- points taken from the budget). A step the budget or the voucher's stock cannot pay is reached
-- unpaid with the reason in challenge_payouts, and the challenge ends when what is left cannot pay
-- its smallest step. Answers the points paid.
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
  voucher integer;
  issued bigint;
  entry bigint;
  why text;
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
            ch.goal_kind, ch.rolling_days, ch.steps, ch.name_en, ch.enrolment, ch.repeat,
            ARRAY(SELECT (s ->> 'target')::numeric FROM jsonb_array_elements(ch.steps) s) AS targets
          FROM challenges ch WHERE ch.status = 'ACTIVE'
      ), e AS MATERIALIZED (
        -- The round's earnings (one per customer), each with the customer's running progress (one
        -- row: challenge_progress, a map participation id -> [count, sum, days, types]).
        SELECT x.customer, x.entry, x.type_id, x.amount, x.at, x.day,
            (SELECT cs.state FROM challenge_progress cs WHERE cs.customer_id = x.customer) AS prior
          FROM (SELECT x.*, (x.at AT TIME ZONE 'UTC')::date AS day,
              row_number() OVER (PARTITION BY x.customer ORDER BY x.n) AS round
            FROM unnest(p_customers, p_entries, p_types, p_amounts, p_at) WITH ORDINALITY
              x (customer, entry, type_id, amount, at, n)) x
          WHERE x.round = n_round
      ), m AS MATERIALIZED (
        -- The participation each earning counts in: the live one (not completed, joined by then),
        -- or a new one (its id taken now) for an automatic challenge — once, or per period — whose
        -- audience holds the customer (an opt-in one waits for the customer to join again). Only
        -- those rows, narrow: the participation's counters so far (not the customer's whole map)
        -- and the target of its next step (the live challenges' targets, read once per round).
        SELECT f.customer, f.entry, f.type_id, f.amount, f.at, f.day, f.challenge_id, f.goal_kind, f.fresh,
            f.cycle, f.rolling_days, f.steps_reached, f.part, CASE WHEN NOT f.fresh THEN f.prior -> f.part::text END AS v,
            f.targets[f.steps_reached + 1] AS next_target
          FROM (SELECT e.*, ch.id AS challenge_id, ch.goal_kind, ch.rolling_days, ch.targets, NOT coalesce(p.live, false) AS fresh,
              coalesce(p.cycle, 0) AS cycle, CASE WHEN p.live THEN p.steps_reached ELSE 0 END AS steps_reached,
              CASE WHEN p.live THEN CASE WHEN p.completed_at IS NULL AND e.at >= p.joined_at THEN p.id END
                WHEN ch.enrolment = 'AUTOMATIC' AND (p.id IS NULL OR ch.repeat = 'PER_PERIOD')
                  AND challenges_audience((SELECT c FROM customers c WHERE c.id = e.customer),
                    (SELECT k FROM challenges k WHERE k.id = ch.id))
                THEN nextval(pg_get_serial_sequence('challenge_participants', 'id')) END AS part
            FROM e
              JOIN live ch ON e.at >= ch.starts_at AND e.at < ch.ends_at
                AND (cardinality(ch.transaction_type_ids) = 0 OR e.type_id = ANY (ch.transaction_type_ids))
                AND (ch.amount_condition IS NULL OR CASE ch.amount_condition
                  WHEN 'GT' THEN e.amount > ch.amount_value WHEN 'GTE' THEN e.amount >= ch.amount_value
                  WHEN 'EQ' THEN e.amount = ch.amount_value WHEN 'LT' THEN e.amount < ch.amount_value
                  ELSE e.amount <= ch.amount_value END)
              LEFT JOIN LATERAL (SELECT cp.id, cp.cycle, cp.completed_at, cp.joined_at, cp.steps_reached,
                  cp.window_ends_at IS NULL OR e.at < cp.window_ends_at AS live
                FROM challenge_participants cp WHERE cp.challenge_id = ch.id AND cp.customer_id = e.customer
                ORDER BY cp.cycle DESC LIMIT 1) p ON true
            -- A completed participation that does not repeat (or whose window is still open) is
            -- skipped here, not carried through the statement.
            WHERE p.id IS NULL OR NOT p.live OR p.completed_at IS NULL) f
          WHERE f.part IS NOT NULL
      ), ev AS (
        INSERT INTO challenge_earnings (entry_id, customer_id, participant_ids, transaction_type_id, amount, day)
          SELECT m.entry, m.customer, array_agg(m.part ORDER BY m.challenge_id), m.type_id, m.amount, m.day
            FROM m GROUP BY m.entry, m.customer, m.type_id, m.amount, m.day
          ON CONFLICT DO NOTHING
          RETURNING challenge_earnings.entry_id
      ), started AS (
        -- A new participation is the only row written here; the others are not updated (their
        -- progress is derived), only those that reach a step, below.
        INSERT INTO challenge_participants (id, challenge_id, customer_id, cycle, joined_at, window_ends_at)
          OVERRIDING SYSTEM VALUE SELECT m.part, m.challenge_id, m.customer, m.cycle + 1, m.at,
              CASE WHEN m.rolling_days IS NOT NULL THEN m.at + make_interval(days => m.rolling_days) END
            FROM m WHERE m.fresh AND m.entry = ANY (ARRAY(SELECT ev.entry_id FROM ev))
      ), moved AS (
        -- Each participation's progress with this earning, kept as its goal needs it: COUNT the
        -- transactions, AMOUNT their sum, DAYS and TYPES the distinct days and types (a day or type
        -- already counted changes nothing: not written again).
        SELECT m.part AS id, m.challenge_id, m.customer, m.at, m.steps_reached, m.goal_kind, m.next_target,
            CASE m.goal_kind WHEN 'COUNT' THEN coalesce((m.v ->> 0)::numeric, 0) + 1 ELSE 0 END AS n,
            CASE m.goal_kind WHEN 'AMOUNT' THEN coalesce((m.v ->> 1)::numeric, 0) + m.amount ELSE 0 END AS total,
            CASE m.goal_kind WHEN 'DAYS' THEN coalesce(m.v -> 2, '[]') ELSE '[]' END AS days,
            CASE m.goal_kind WHEN 'TYPES' THEN coalesce(m.v -> 3, '[]') ELSE '[]' END AS types,
            CASE m.goal_kind WHEN 'DAYS' THEN NOT coalesce(m.v -> 2, '[]') ? m.day::text
              WHEN 'TYPES' THEN NOT coalesce(m.v -> 3, '[]') @> to_jsonb(m.type_id) ELSE true END AS changed,
            m.day, m.type_id
          FROM m WHERE m.entry = ANY (ARRAY(SELECT ev.entry_id FROM ev))
      ), saved AS (
        INSERT INTO challenge_progress AS cs (customer_id, state)
          SELECT mv.customer, jsonb_object_agg(mv.id::text, jsonb_build_array(mv.n, mv.total,
              CASE WHEN mv.goal_kind = 'DAYS' THEN mv.days || to_jsonb(mv.day::text) ELSE mv.days END,
              CASE WHEN mv.goal_kind = 'TYPES' THEN mv.types || to_jsonb(mv.type_id) ELSE mv.types END))
            FROM moved mv WHERE mv.changed GROUP BY mv.customer
          ON CONFLICT (customer_id) DO UPDATE SET state = cs.state || excluded.state
      )
      -- The participations that crossed their next step's target, with the challenge's steps.
      SELECT c.id, c.challenge_id, c.progress, c.steps_reached, c.customer, c.at, ch.steps, ch.name_en
        FROM (SELECT mv.*, CASE mv.goal_kind WHEN 'COUNT' THEN mv.n WHEN 'AMOUNT' THEN mv.total
            WHEN 'DAYS' THEN jsonb_array_length(mv.days) ELSE jsonb_array_length(mv.types) END
              + CASE WHEN mv.changed AND mv.goal_kind IN ('DAYS', 'TYPES') THEN 1 ELSE 0 END AS progress
          FROM moved mv) c
          JOIN live ch ON ch.id = c.challenge_id
        WHERE c.next_target <= c.progress
        ORDER BY c.challenge_id, c.customer
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
          WHERE po.participant_id = u.id AND po.step = i AND po.reason IS NULL AND po.reversed_at IS NULL);
        -- A voucher step's points are the voucher's value, what it takes from the budget.
        pts := (u.steps -> (i - 1) ->> 'points')::integer;
        voucher := (u.steps -> (i - 1) ->> 'voucherId')::integer;
        issued := NULL;
        entry := NULL;
        UPDATE challenges ch SET spent = ch.spent + pts, updated_at = now()
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
            UPDATE challenges ch SET spent = ch.spent - pts, updated_at = now() WHERE ch.id = u.challenge_id;
          END IF;
        ELSE
          why := NULL;
          IF expiry IS NULL THEN
            SELECT s.expiry_months INTO expiry FROM loyalty_settings s WHERE s.id = 1;
          END IF;
          posted := loyalty_post_entry(u.customer, 'ADJUST', pts, 'challenge:' || u.challenge_id || ':' || i, true,
            CASE WHEN coalesce(expiry, 0) > 0 THEN u.at + make_interval(months => expiry) END,
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
      UPDATE challenge_participants cp SET steps_reached = reached, points_paid = cp.points_paid + got,
          completed_at = CASE WHEN reached = jsonb_array_length(u.steps) THEN u.at END
        WHERE cp.id = u.id;
      paid := paid + got;
    END LOOP;
  END LOOP;
  RETURN paid;
END
$$;
