-- Moves the customers' challenges for a batch of posted earnings (docs/decisions/challenges.md),
-- called once by the batch's own statement (loyalty_post_earnings) after its entries, with the
-- batch's customers locked, so one customer's earnings move their progress one after the other.
-- Set-based, in rounds: round k takes each customer's k-th earning of the batch (most batches are
-- one round), so a customer is in a round once and their earnings count in order. A round is one
-- statement: it finds, per earning, the ACTIVE challenges whose period, transaction types and
-- amount condition it meets (challenges_qualifies), each with the customer's latest participation
-- (an opt-in challenge counts only for those who joined; an automatic one starts a participation
-- at the first qualifying earning when the customer is in its audience; a rolling window that has
-- passed starts the next cycle when the challenge repeats per period); records the earning once in
-- challenge_earnings with the participations it counts in (its key: exactly once per transaction).
-- The customer's one challenge_progress row is their running progress: for each challenge they
-- take part in (not ended), the latest participation (id, joined, window, steps reached, -1 once
-- completed) and its counter (COUNT transactions, AMOUNT their sum in cents, DAYS and TYPES the
-- distinct days and types, those counted in `seen`), as arrays aligned by position, read once and
-- rewritten once per earning: no participation looked up, no jsonb. Every writer of a
-- participation keeps the row (here; an opt-in join and a reversal: challenges_cache_put), so a
-- live challenge missing from it has no participation of the customer. A participation row is
-- written only when it starts or reaches a step. Only
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
        -- The live challenges, read once for the round (not once per earning), with their steps'
        -- targets in the counters' unit (an AMOUNT's in cents), rounded up as the counters are whole.
        SELECT ch.id, ch.starts_at, ch.ends_at, ch.transaction_type_ids, ch.amount_condition, ch.amount_value,
            ch.goal_kind, ch.rolling_days, ch.enrolment, ch.repeat,
            ARRAY(SELECT ceil((s ->> 'target')::numeric * CASE ch.goal_kind WHEN 'AMOUNT' THEN 100 ELSE 1 END)::bigint
              FROM jsonb_array_elements(ch.steps) s) AS targets
          FROM challenges ch WHERE ch.status = 'ACTIVE'
      ), e AS MATERIALIZED (
        -- The round's earnings (one per customer), each with the customer's running progress.
        -- `whole`: it holds every live challenge, so none is missing (the common case); `current`:
        -- none of its challenges has ended (else their entries are dropped when it is rewritten).
        SELECT x.customer, x.entry, x.type_id, x.amount, x.at, x.day, (x.amount * 100)::bigint AS cents,
            cs.challenge_ids, cs.participant_ids, cs.joined_at, cs.window_ends_at, cs.steps_reached, cs.counts,
            coalesce(cs.seen, '{}') AS seen, coalesce(cardinality(cs.challenge_ids), 0) AS size,
            coalesce(cs.challenge_ids @> (SELECT array_agg(l.id) FROM live l), false) AS whole,
            coalesce(cs.challenge_ids <@ (SELECT array_agg(k.id) FROM challenges k
              WHERE k.status IN ('ACTIVE', 'PAUSED')), true) AS current
          FROM (SELECT x.*, (x.at AT TIME ZONE 'UTC')::date AS day,
              row_number() OVER (PARTITION BY x.customer ORDER BY x.n) AS round
            FROM unnest(p_customers, p_entries, p_types, p_amounts, p_at) WITH ORDINALITY
              x (customer, entry, type_id, amount, at, n)) x
            LEFT JOIN challenge_progress cs ON cs.customer_id = x.customer
          WHERE x.round = n_round
      ), f AS (
        -- Each entry of the customer's row, with the live challenge when the earning qualifies for
        -- it. `part`: the participation the earning counts in — the entry's when it is open (not
        -- completed, joined by then, in its window), or a new one (its id taken now) when its window
        -- has passed and the challenge, automatic, repeats per period and its audience holds the
        -- customer (an opt-in one waits for the customer to join again).
        SELECT e.customer, e.entry, e.at, e.day, e.type_id, e.amount, e.cents, e.seen, e.current, true AS held, c.ord,
            c.challenge_id,
            ch.goal_kind, ch.targets, ch.rolling_days, fresh, c.part AS was,
            CASE WHEN fresh THEN CASE WHEN ch.enrolment = 'AUTOMATIC' AND ch.repeat = 'PER_PERIOD'
                AND challenges_audience((SELECT k FROM customers k WHERE k.id = e.customer),
                  (SELECT k FROM challenges k WHERE k.id = ch.id))
                THEN nextval(pg_get_serial_sequence('challenge_participants', 'id')) END
              WHEN ch.id IS NOT NULL AND c.steps >= 0 AND e.at >= c.joined THEN c.part END AS part,
            c.joined, c.window_end, c.steps, c.n
          FROM e CROSS JOIN LATERAL unnest(e.challenge_ids, e.participant_ids, e.joined_at, e.window_ends_at,
              e.steps_reached, e.counts) WITH ORDINALITY c (challenge_id, part, joined, window_end, steps, n, ord)
            LEFT JOIN live ch ON ch.id = c.challenge_id
              AND challenges_qualifies(e.at, e.type_id, e.amount, ch.starts_at, ch.ends_at, ch.transaction_type_ids,
                ch.amount_condition, ch.amount_value)
            CROSS JOIN LATERAL (SELECT ch.id IS NOT NULL AND coalesce(e.at >= c.window_end, false) AS fresh) w
        UNION ALL
        -- The live challenges the earning qualifies for that the row does not hold: the customer has
        -- no participation in them; an automatic one starts when its audience holds the customer.
        SELECT e.customer, e.entry, e.at, e.day, e.type_id, e.amount, e.cents, e.seen, e.current,
            e.challenge_ids IS NOT NULL, e.size + ch.id, ch.id,
            ch.goal_kind, ch.targets, ch.rolling_days, true, NULL,
            CASE WHEN ch.enrolment = 'AUTOMATIC' AND challenges_audience((SELECT k FROM customers k WHERE k.id = e.customer),
                (SELECT k FROM challenges k WHERE k.id = ch.id))
              THEN nextval(pg_get_serial_sequence('challenge_participants', 'id')) END,
            NULL, NULL, 0, 0
          FROM e JOIN live ch ON NOT e.whole AND NOT ch.id = ANY (coalesce(e.challenge_ids, '{}'))
            AND challenges_qualifies(e.at, e.type_id, e.amount, ch.starts_at, ch.ends_at, ch.transaction_type_ids,
              ch.amount_condition, ch.amount_value)
      ), m AS MATERIALIZED (
        -- Each entry as the earning leaves it: a new participation's from nothing; the counter moved
        -- by one transaction, its amount, or a day or type not counted yet (its `key`, then in
        -- `seen`). Narrow: whether it crossed its next step's target, not the targets; whether it
        -- stays in the row (its challenge not ended).
        SELECT f.customer, f.entry, f.at, f.day, f.type_id, f.amount, f.ord, f.challenge_id, f.fresh, f.held, f.was,
            f.part, CASE WHEN f.key_new THEN f.key END AS key, f.joined, f.window_end, f.steps, f.n,
            f.part IS NOT NULL AND (f.fresh OR f.goal_kind IN ('COUNT', 'AMOUNT') OR f.key_new) AS changed,
            f.part IS NOT NULL AND f.targets[f.steps + 1] <= f.n AS crossed,
            CASE f.goal_kind WHEN 'AMOUNT' THEN f.n / 100.0 ELSE f.n END AS progress,
            f.current OR f.challenge_id IN (SELECT k.id FROM challenges k WHERE k.status IN ('ACTIVE', 'PAUSED')) AS kept
          FROM (SELECT f.customer, f.entry, f.at, f.day, f.type_id, f.amount, f.ord, f.challenge_id, f.goal_kind,
              f.targets, f.fresh, f.held, f.was, f.part, f.current, f.key, f.key_new,
              CASE WHEN f.fresh AND f.part IS NOT NULL THEN f.at ELSE f.joined END AS joined,
              CASE WHEN f.fresh AND f.part IS NOT NULL THEN f.at + make_interval(days => f.rolling_days)
                ELSE f.window_end END AS window_end,
              CASE WHEN f.fresh AND f.part IS NOT NULL THEN 0 ELSE f.steps END AS steps,
              CASE WHEN f.part IS NULL THEN f.n
                ELSE CASE WHEN f.fresh THEN 0 ELSE f.n END + CASE f.goal_kind WHEN 'COUNT' THEN 1 WHEN 'AMOUNT' THEN f.cents
                  ELSE f.key_new::integer END END AS n
            FROM (SELECT f.*, k.key, k.key IS NOT NULL AND NOT k.key = ANY (f.seen) AS key_new
              FROM f CROSS JOIN LATERAL (SELECT challenges_seen_key(f.part, f.goal_kind, f.day, f.type_id) AS key) k) f
            -- A missing challenge the earning does not start stays out of the row.
            WHERE f.was IS NOT NULL OR f.part IS NOT NULL) f
      ), ev AS (
        INSERT INTO challenge_earnings (entry_id, customer_id, participant_ids, transaction_type_id, amount, day)
          SELECT m.entry, m.customer, array_agg(m.part), m.type_id, m.amount, m.day
            FROM m WHERE m.part IS NOT NULL GROUP BY m.entry, m.customer, m.type_id, m.amount, m.day
          ON CONFLICT DO NOTHING
          RETURNING challenge_earnings.entry_id
      ), started AS (
        -- A new participation is the only participation row written here (its cycle after the
        -- customer's last); the others only when they reach a step, below.
        INSERT INTO challenge_participants (id, challenge_id, customer_id, cycle, joined_at, window_ends_at)
          OVERRIDING SYSTEM VALUE SELECT m.part, m.challenge_id, m.customer,
              coalesce((SELECT max(cp.cycle) FROM challenge_participants cp
                WHERE cp.challenge_id = m.challenge_id AND cp.customer_id = m.customer), 0) + 1,
              m.joined, m.window_end
            FROM m WHERE m.fresh AND m.part IS NOT NULL AND m.entry IN (SELECT ev.entry_id FROM ev)
      ), a AS (
        -- Each customer's row as the earning leaves it, in its positions' order; the days and types
        -- this earning counts, to add to those counted so far.
        SELECT s.customer, bool_or(s.held) AS held, array_agg(s.challenge_id) AS challenge_ids,
            array_agg(coalesce(s.part, s.was)) AS participant_ids, array_agg(s.joined) AS joined_at,
            array_agg(s.window_end) AS window_ends_at, array_agg(s.steps) AS steps_reached, array_agg(s.n) AS counts,
            coalesce(array_agg(s.key) FILTER (WHERE s.key IS NOT NULL), '{}') AS seen
          FROM (SELECT m.* FROM m WHERE m.kept AND m.entry IN (SELECT ev.entry_id FROM ev) ORDER BY m.customer, m.ord) s
          GROUP BY s.customer HAVING bool_or(s.changed)
      ), saved AS (
        -- An UPDATE, not an upsert (no speculative insertion, no row lock of its own): the customer is
        -- locked, and the row inserted below when they have none. The days and types of a
        -- participation no longer in the row are dropped when it changed.
        UPDATE challenge_progress cs SET challenge_ids = a.challenge_ids, participant_ids = a.participant_ids,
            joined_at = a.joined_at, window_ends_at = a.window_ends_at, steps_reached = a.steps_reached,
            counts = a.counts, seen = CASE WHEN a.participant_ids = cs.participant_ids THEN cs.seen || a.seen
              ELSE ARRAY(SELECT k FROM unnest(cs.seen) k WHERE k / 1048576 = ANY (a.participant_ids)) || a.seen END
          FROM a WHERE a.held AND cs.customer_id = a.customer
      ), added AS (
        INSERT INTO challenge_progress (customer_id, challenge_ids, participant_ids, joined_at, window_ends_at,
            steps_reached, counts, seen)
          SELECT a.customer, a.challenge_ids, a.participant_ids, a.joined_at, a.window_ends_at, a.steps_reached,
              a.counts, a.seen
            FROM a WHERE NOT a.held
      )
      -- The participations that crossed their next step's target, with the challenge's steps.
      SELECT m.part AS id, m.challenge_id, m.steps AS steps_reached, m.customer, m.at, ch.steps, ch.name_en, m.progress
        FROM m JOIN challenges ch ON ch.id = m.challenge_id
        WHERE m.crossed AND m.entry IN (SELECT ev.entry_id FROM ev)
        ORDER BY m.challenge_id, m.customer
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
      -- And in the customer's row (-1: completed).
      UPDATE challenge_progress cs
        SET steps_reached[array_position(cs.participant_ids, u.id)] =
          CASE WHEN reached = jsonb_array_length(u.steps) THEN -1 ELSE reached END
        WHERE cs.customer_id = u.customer AND u.id = ANY (cs.participant_ids);
      paid := paid + got;
    END LOOP;
  END LOOP;
  RETURN paid;
END
$$;
