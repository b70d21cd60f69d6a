-- Moves the customers' challenges for a batch of posted earnings (docs/decisions/challenges.md),
-- called once by the batch's own statement (loyalty_post_earnings) after its entries, with the
-- batch's customers locked, so one customer's earnings move their progress one after the other.
-- The customer's one challenge_progress row is their running progress: for each challenge they
-- take part in (not ended), the latest participation (id, joined, window, steps reached, -1 once
-- completed) and its counter (COUNT transactions, AMOUNT their sum in cents, DAYS and TYPES the
-- distinct days and types, those counted in `seen`), as arrays aligned by position, read once and
-- rewritten once per earning: no participation looked up, no jsonb. Every writer of a
-- participation keeps the row (here; an opt-in join and a reversal: challenges_cache_put), so a
-- live challenge missing from it has no participation of the customer. A participation row is
-- written only when it starts or reaches a step. Each earning is recorded once in
-- challenge_earnings with the participations it counts in (its key: exactly once per transaction).
-- The live challenges' terms are read once for the batch (none live: nothing to do). Then, in
-- rounds (round k takes each customer's k-th earning of the batch, so a customer is in a round
-- once and their earnings count in order; most batches are one round, and round 1 is known
-- without numbering them), two statements. The quick path first: while a customer's live
-- challenges all count alike and the row says which earnings cannot cross a target, end a window
-- or count a new day or type (set when the row was last rewritten), such an earning is recorded
-- with the open participations and only adds to the row's pending count and cents (folded into
-- `counts` when the full statement next rewrites the row; the row not written when it has no open
-- COUNT or AMOUNT counter). The full statement takes the round's other earnings, set-based: it
-- finds, per earning, the ACTIVE challenges whose period, transaction types and amount condition
-- it meets (challenges_qualifies), each with the customer's latest participation (an opt-in
-- challenge counts only for those who joined; an automatic one starts a participation at the
-- first qualifying earning when the customer is in its audience; a rolling window that has passed
-- starts the next cycle when the challenge repeats per period), and rewrites the row. The
-- participations that cross a step's target are paid once a round (challenges_pay_steps). Answers
-- the points paid.
DROP FUNCTION IF EXISTS challenges_progress(bigint, bigint, integer, numeric, timestamptz);
CREATE OR REPLACE FUNCTION challenges_progress(
  p_customers bigint[], p_entries bigint[], p_types integer[], p_amounts numeric[], p_at timestamptz[]
) RETURNS integer
LANGUAGE plpgsql AS $$
DECLARE
  paid integer := 0;
  -- A round's participations that crossed a step: the steps they had, the customer, the earning's
  -- time and the progress it left.
  x_parts bigint[];
  x_challenges integer[];
  x_steps integer[];
  x_customers bigint[];
  x_at timestamptz[];
  x_progress numeric[];
  sizes integer[];
  rounds_of integer[];
  done bigint[];
  t record;
BEGIN
  IF coalesce(cardinality(p_entries), 0) = 0 THEN
    RETURN 0;
  END IF;
  -- The live challenges' terms, read once for the batch (none live: nothing to do).
  SELECT * INTO t FROM challenges_live_terms();
  IF t.live = 0 THEN
    RETURN 0;
  END IF;
  -- Round 1 takes each customer's first earning of the batch; the rounds after it are numbered
  -- only when some earning is left after round 1's quick path (a batch holding each customer once,
  -- all taken by it, runs nothing else).
  FOR n_round IN 1 .. cardinality(p_entries) LOOP
    EXIT WHEN n_round > coalesce(cardinality(sizes), 1);
    -- Read again for a later round: the last one may have ended a challenge (its budget spent).
    IF n_round > 1 THEN
      SELECT * INTO t FROM challenges_live_terms();
      EXIT WHEN t.live = 0;
    END IF;
    -- The quick path: the round's earnings that the row says cannot move more than its pending
    -- counters (the live challenges' terms as when it was set, all counting the earning alike, in
    -- the period and windows, below the next targets, a day and type every open DAYS and TYPES
    -- participation has counted): recorded with the open participations, counted as pending.
    WITH f AS MATERIALIZED (
      SELECT x.customer, x.entry, x.type_id, x.amount, x.day, cs.fast_parts
        FROM (SELECT x.*, (x.at AT TIME ZONE 'UTC')::date AS day
          FROM unnest(p_customers, p_entries, p_types, p_amounts, p_at, rounds_of)
            WITH ORDINALITY x (customer, entry, type_id, amount, at, round, n)) x
          -- The customer's row by its key (a join would let a plan cached while the table was
          -- small scan it whole for every batch).
          CROSS JOIN LATERAL (SELECT * FROM challenge_progress cs
            WHERE cs.customer_id = x.customer AND cs.fast_terms = t.terms LIMIT 1) cs
        WHERE CASE WHEN n_round = 1 THEN array_position(p_customers, x.customer) = x.n ELSE x.round = n_round END
          AND challenges_qualifies(x.at, x.type_id, x.amount, cs.fast_from, cs.fast_until, t.type_ids,
            t.amount_condition, t.amount_value)
          AND (cs.fast_max_count IS NULL OR cs.pending_count < cs.fast_max_count)
          AND (cs.fast_max_cents IS NULL OR cs.pending_cents + (x.amount * 100)::bigint <= cs.fast_max_cents)
          AND (cs.fast_days IS NULL OR x.day - DATE '1970-01-01' = ANY (cs.fast_days))
          AND (cs.fast_types IS NULL OR x.type_id = ANY (cs.fast_types))
    ), ev AS (
      INSERT INTO challenge_earnings (entry_id, customer_id, participant_ids, transaction_type_id, amount, day)
        SELECT f.entry, f.customer, f.fast_parts, f.type_id, f.amount, f.day FROM f WHERE f.fast_parts IS NOT NULL
        ON CONFLICT DO NOTHING
        RETURNING challenge_earnings.customer_id, challenge_earnings.amount
    ), moved AS (
      -- Not written when the row has no open COUNT or AMOUNT counter (nothing to fold).
      UPDATE challenge_progress cs SET pending_count = cs.pending_count + 1,
          pending_cents = cs.pending_cents + (ev.amount * 100)::bigint
        FROM ev WHERE cs.customer_id = ev.customer_id
          AND (cs.fast_max_count IS NOT NULL OR cs.fast_max_cents IS NOT NULL)
    )
    SELECT coalesce(array_agg(f.entry), '{}') INTO done FROM f;
    IF n_round = 1 THEN
      EXIT WHEN cardinality(done) = cardinality(p_entries);
      -- Each earning's round (round k: each customer's k-th earning of the batch), and how many
      -- earnings each round takes.
      WITH z AS (
        SELECT b.n, row_number() OVER (PARTITION BY b.c ORDER BY b.n)::integer AS k
          FROM unnest(p_customers) WITH ORDINALITY b (c, n)
      )
      SELECT (SELECT array_agg(z.k ORDER BY z.n) FROM z),
          (SELECT array_agg(w.n ORDER BY w.k) FROM (SELECT z.k, count(*)::integer AS n FROM z GROUP BY z.k) w)
        INTO rounds_of, sizes;
    END IF;
    CONTINUE WHEN cardinality(done) = sizes[n_round];
    WITH cur AS MATERIALIZED (
        -- The challenges not ended (`active`: the live ones), read once for the round (not once per
        -- earning), with their steps' targets in the counters' unit (an AMOUNT's in cents), rounded
        -- up as the counters are whole.
        SELECT ch.id, ch.status = 'ACTIVE' AS active, ch.starts_at, ch.ends_at, ch.transaction_type_ids,
            ch.amount_condition, ch.amount_value, ch.goal_kind, ch.rolling_days, ch.enrolment, ch.repeat,
            ARRAY(SELECT ceil((s ->> 'target')::numeric * CASE ch.goal_kind WHEN 'AMOUNT' THEN 100 ELSE 1 END)::bigint
              FROM jsonb_array_elements(ch.steps) s) AS targets
          FROM challenges ch WHERE ch.status IN ('ACTIVE', 'PAUSED')
      ), e AS MATERIALIZED (
        -- The round's earnings (one per customer) not taken by the quick path, each with the
        -- customer's running progress and what the quick path left pending. `whole`: it holds every
        -- live challenge, so none is missing (the common case).
        SELECT x.customer, x.entry, x.type_id, x.amount, x.at, x.day, (x.amount * 100)::bigint AS cents,
            cs.challenge_ids, cs.participant_ids, cs.joined_at, cs.window_ends_at, cs.steps_reached, cs.counts,
            coalesce(cs.seen, '{}') AS seen, cs.customer_id IS NOT NULL AS held,
            coalesce(cs.pending_count, 0) AS pending_count, coalesce(cs.pending_cents, 0) AS pending_cents,
            cs.fast_terms AS had_fast_terms,
            coalesce(cs.challenge_ids @> (SELECT array_agg(l.id) FROM cur l WHERE l.active), false) AS whole
          FROM (SELECT x.*, (x.at AT TIME ZONE 'UTC')::date AS day
            FROM unnest(p_customers, p_entries, p_types, p_amounts, p_at, rounds_of)
              x (customer, entry, type_id, amount, at, round)) x
            LEFT JOIN challenge_progress cs ON cs.customer_id = x.customer
          WHERE x.round = n_round AND NOT x.entry = ANY (done)
      ), r AS MATERIALIZED (
        -- Per earning, in one pass over the customer's row (no row per earning and challenge kept):
        -- the row as the earning leaves it, the participations it counts in, those it starts and
        -- those that cross their next step's target (the row takes the steps they reach, -1 once
        -- completed, which the loop below pays). The arrays of the row are aggregated together,
        -- in one order, so their positions stay aligned (which position an entry takes is free).
        -- And the quick path's terms for the row as the earning leaves it (`fast_terms` NULL: off):
        -- it holds only live challenges, and every automatic one (an opt-in one not joined cannot
        -- count until the join, which turns the path off), and they count alike. (A customer
        -- outside an automatic challenge's audience takes the full statement, which checks the
        -- audience at each earning.)
        SELECT e.customer, e.entry, e.type_id, e.amount, e.at, e.day, e.held, e.participant_ids AS had,
            e.had_fast_terms, a.*,
            z.seen_after,
            CASE WHEN a.kept_active AND a.challenge_ids @> t.automatic AND t.uniform THEN t.terms END AS fast_terms,
            greatest(a.last_joined, a.last_window_passed, t.starts_at) AS fast_from,
            least(a.first_window_end, t.ends_at) AS fast_until,
            challenges_seen_common(z.seen_after, a.days_parts) AS fast_days,
            challenges_seen_common(z.seen_after, a.types_parts) AS fast_types
          FROM e CROSS JOIN LATERAL (
            SELECT coalesce(array_agg(x.challenge_id) FILTER (WHERE x.kept), '{}') AS challenge_ids,
                coalesce(array_agg(coalesce(x.part, x.was)) FILTER (WHERE x.kept), '{}') AS participant_ids,
                coalesce(array_agg(x.joined) FILTER (WHERE x.kept), '{}') AS joined_at,
                coalesce(array_agg(x.window_end) FILTER (WHERE x.kept), '{}') AS window_ends_at,
                coalesce(array_agg(x.after) FILTER (WHERE x.kept), '{}') AS steps_reached,
                coalesce(array_agg(x.n) FILTER (WHERE x.kept), '{}') AS counts,
                coalesce(array_agg(x.key) FILTER (WHERE x.key_new), '{}') AS seen,
                coalesce(bool_or(x.changed), false) AS changed,
                array_agg(x.part) FILTER (WHERE x.part IS NOT NULL) AS counted_in,
                array_agg(x.part) FILTER (WHERE x.started) AS started,
                array_agg(x.challenge_id) FILTER (WHERE x.started) AS started_challenges,
                array_agg(x.window_end) FILTER (WHERE x.started) AS started_windows,
                array_agg(x.part) FILTER (WHERE x.crossed) AS crossed,
                array_agg(x.challenge_id) FILTER (WHERE x.crossed) AS crossed_challenges,
                array_agg(x.steps) FILTER (WHERE x.crossed) AS crossed_steps,
                array_agg(CASE x.goal_kind WHEN 'AMOUNT' THEN x.n / 100.0 ELSE x.n END) FILTER (WHERE x.crossed)
                  AS crossed_progress,
                -- For the quick path: the entries kept; the times between which none starts, ends
                -- or starts a new cycle (a window that has passed bounds it from below when the
                -- challenge is once per customer, else from above); the open participations (and
                -- of them the DAYS and TYPES ones), how far each open counter is from its next target.
                coalesce(bool_and(x.active) FILTER (WHERE x.kept), true) AS kept_active,
                max(x.joined) FILTER (WHERE x.kept) AS last_joined,
                max(x.window_end) FILTER (WHERE x.kept AND NOT x.windowed) AS last_window_passed,
                min(x.window_end) FILTER (WHERE x.kept AND x.windowed) AS first_window_end,
                min(x.room) FILTER (WHERE x.open AND x.goal_kind = 'COUNT') - 1 AS fast_max_count,
                min(x.room) FILTER (WHERE x.open AND x.goal_kind = 'AMOUNT') - 1 AS fast_max_cents,
                array_agg(coalesce(x.part, x.was)) FILTER (WHERE x.open) AS fast_parts,
                array_agg(coalesce(x.part, x.was)) FILTER (WHERE x.open AND x.goal_kind = 'DAYS') AS days_parts,
                array_agg(coalesce(x.part, x.was)) FILTER (WHERE x.open AND x.goal_kind = 'TYPES') AS types_parts
              FROM (SELECT x.*, x.kept AND x.after >= 0 AND x.windowed IS NOT false AS open,
                  x.targets[x.after + 1] - x.n AS room
                -- `after`: the steps reached once the earning has counted (`steps` before it).
                FROM (SELECT x.*, CASE WHEN NOT x.crossed THEN x.steps
                    ELSE (SELECT CASE WHEN count(*) = cardinality(x.targets) THEN -1 ELSE count(*)::integer END
                      FROM unnest(x.targets) g WHERE g <= x.n) END AS after FROM (
                -- Each entry as the earning leaves it: a new participation's from nothing; the
                -- counter moved by one transaction, its amount, or a day or type not counted yet (its
                -- `key`, then in `seen`). An entry stays in the row unless its challenge has ended.
                SELECT k.challenge_id, k.was, k.part, k.goal_kind, k.key, k.key_new, k.active, k.targets,
                    -- Whether the entry's window still holds the quick path (NULL: it has none).
                    CASE WHEN k.fresh AND k.part IS NOT NULL THEN true
                      ELSE k.window_end > e.at OR k.repeat = 'PER_PERIOD' END AS windowed,
                    k.fresh AND k.part IS NOT NULL AS started,
                    k.part IS NOT NULL AND (k.fresh OR k.goal_kind IN ('COUNT', 'AMOUNT') OR k.key_new) AS changed,
                    CASE WHEN k.fresh AND k.part IS NOT NULL THEN e.at ELSE k.joined END AS joined,
                    CASE WHEN k.fresh AND k.part IS NOT NULL THEN e.at + make_interval(days => k.rolling_days)
                      ELSE k.window_end END AS window_end,
                    CASE WHEN k.fresh AND k.part IS NOT NULL THEN 0 ELSE k.steps END AS steps,
                    k.n2 AS n,
                    k.part IS NOT NULL AND k.targets[CASE WHEN k.fresh THEN 1 ELSE k.steps + 1 END] <= k.n2 AS crossed,
                    (k.was IS NOT NULL OR k.part IS NOT NULL) AND k.current AS kept
                  FROM (SELECT y.*, s.key, s.key_new,
                      CASE WHEN y.part IS NULL THEN y.n
                        ELSE CASE WHEN y.fresh THEN 0 ELSE y.n END + CASE y.goal_kind WHEN 'COUNT' THEN 1
                          WHEN 'AMOUNT' THEN e.cents ELSE s.key_new::integer END END AS n2
                    FROM (
                      -- The row's entries, each with its challenge unless ended (`current`), and
                      -- whether the earning qualifies for it (live, by its terms). An open entry's
                      -- counter takes what the quick path left pending. `part`: the participation
                      -- the earning counts in — the entry's when it is open (not completed, joined by
                      -- then, in its window), or a new one (its id taken now) when its window has
                      -- passed and the challenge, automatic, repeats per period and its audience
                      -- holds the customer (an opt-in one waits for the customer to join again).
                      SELECT c.challenge_id, c.part AS was, c.joined, c.window_end, c.steps,
                          c.n + CASE WHEN c.steps >= 0 THEN CASE ch.goal_kind WHEN 'COUNT' THEN e.pending_count
                            WHEN 'AMOUNT' THEN e.pending_cents ELSE 0 END ELSE 0 END AS n,
                          ch.goal_kind, ch.targets, ch.rolling_days, ch.repeat, w.fresh, ch.id IS NOT NULL AS current,
                          coalesce(ch.active, false) AS active,
                          CASE WHEN w.fresh THEN CASE WHEN ch.enrolment = 'AUTOMATIC' AND ch.repeat = 'PER_PERIOD'
                              AND challenges_audience((SELECT k FROM customers k WHERE k.id = e.customer),
                                (SELECT k FROM challenges k WHERE k.id = ch.id))
                              THEN nextval(pg_get_serial_sequence('challenge_participants', 'id')) END
                            WHEN g.q AND c.steps >= 0 AND e.at >= c.joined THEN c.part END AS part
                        FROM unnest(e.challenge_ids, e.participant_ids, e.joined_at, e.window_ends_at,
                            e.steps_reached, e.counts) c (challenge_id, part, joined, window_end, steps, n)
                          LEFT JOIN cur ch ON ch.id = c.challenge_id
                          CROSS JOIN LATERAL (SELECT coalesce(ch.active AND challenges_qualifies(e.at, e.type_id, e.amount,
                            ch.starts_at, ch.ends_at, ch.transaction_type_ids, ch.amount_condition, ch.amount_value),
                            false) AS q) g
                          CROSS JOIN LATERAL (SELECT g.q AND coalesce(e.at >= c.window_end, false) AS fresh) w
                      UNION ALL
                      -- The live challenges the earning qualifies for that the row does not hold: the
                      -- customer has no participation in them; an automatic one starts when its
                      -- audience holds the customer.
                      SELECT ch.id, NULL, NULL, NULL, 0, 0, ch.goal_kind, ch.targets, ch.rolling_days, ch.repeat, true, true, true,
                          CASE WHEN ch.enrolment = 'AUTOMATIC'
                            AND challenges_audience((SELECT k FROM customers k WHERE k.id = e.customer),
                              (SELECT k FROM challenges k WHERE k.id = ch.id))
                            THEN nextval(pg_get_serial_sequence('challenge_participants', 'id')) END
                        FROM cur ch
                        WHERE ch.active AND NOT e.whole AND NOT ch.id = ANY (coalesce(e.challenge_ids, '{}'))
                          AND challenges_qualifies(e.at, e.type_id, e.amount, ch.starts_at, ch.ends_at,
                            ch.transaction_type_ids, ch.amount_condition, ch.amount_value)
                    ) y
                    CROSS JOIN LATERAL (SELECT challenges_seen_key(y.part, y.goal_kind, e.day, e.type_id) AS key) q
                    CROSS JOIN LATERAL (SELECT q.key, q.key IS NOT NULL AND NOT q.key = ANY (e.seen) AS key_new) s
                  ) k
                -- A fence: each entry's expressions computed once, not again in every aggregate's FILTER
                -- that reads them (the `kept` test's subquery was planned six times).
                OFFSET 0
              ) x) x) x
          ) a
          -- The days and types counted so far, and this earning's; those of a participation no
          -- longer in the row dropped.
          CROSS JOIN LATERAL (SELECT CASE WHEN a.participant_ids = e.participant_ids THEN e.seen || a.seen
            ELSE ARRAY(SELECT k FROM unnest(e.seen) k WHERE k / 1048576 = ANY (a.participant_ids)) || a.seen END
            AS seen_after) z
      ), ev AS (
        INSERT INTO challenge_earnings (entry_id, customer_id, participant_ids, transaction_type_id, amount, day)
          SELECT r.entry, r.customer, r.counted_in, r.type_id, r.amount, r.day FROM r WHERE r.counted_in IS NOT NULL
          ON CONFLICT DO NOTHING
          RETURNING challenge_earnings.entry_id
      ), started AS (
        -- A new participation is the only participation row written here (its cycle after the
        -- customer's last); the others only when they reach a step, below.
        INSERT INTO challenge_participants (id, challenge_id, customer_id, cycle, joined_at, window_ends_at)
          OVERRIDING SYSTEM VALUE SELECT s.part, s.challenge_id, r.customer,
              coalesce((SELECT max(cp.cycle) FROM challenge_participants cp
                WHERE cp.challenge_id = s.challenge_id AND cp.customer_id = r.customer), 0) + 1,
              r.at, s.window_end
            FROM r CROSS JOIN LATERAL unnest(r.started, r.started_challenges, r.started_windows) s (part, challenge_id, window_end)
            WHERE r.started IS NOT NULL AND r.entry IN (SELECT ev.entry_id FROM ev)
      ), saved AS (
        -- An UPDATE, not an upsert (no speculative insertion, no row lock of its own): the customer is
        -- locked, and the row inserted below when they have none. Nothing pending any more (the
        -- counters took it), and the quick path's terms set again: written when the earning moved
        -- the row, or when the quick path changes (a row that nothing moves any more, its open
        -- counters' targets reached or its steps completed, takes the quick path again). Not when the
        -- earning was recorded already (its insert found its key: exactly once).
        UPDATE challenge_progress cs SET challenge_ids = r.challenge_ids, participant_ids = r.participant_ids,
            joined_at = r.joined_at, window_ends_at = r.window_ends_at, steps_reached = r.steps_reached,
            counts = r.counts, seen = r.seen_after, pending_count = 0, pending_cents = 0,
            fast_terms = r.fast_terms, fast_from = r.fast_from, fast_until = r.fast_until,
            fast_max_count = r.fast_max_count, fast_max_cents = r.fast_max_cents, fast_days = r.fast_days,
            fast_types = r.fast_types, fast_parts = r.fast_parts
          FROM r WHERE r.held AND cs.customer_id = r.customer AND (r.changed OR r.fast_terms IS DISTINCT FROM r.had_fast_terms)
            AND (r.counted_in IS NULL OR r.entry IN (SELECT ev.entry_id FROM ev))
      ), added AS (
        INSERT INTO challenge_progress (customer_id, challenge_ids, participant_ids, joined_at, window_ends_at,
            steps_reached, counts, seen, fast_terms, fast_from, fast_until, fast_max_count, fast_max_cents, fast_days,
            fast_types, fast_parts)
          SELECT r.customer, r.challenge_ids, r.participant_ids, r.joined_at, r.window_ends_at, r.steps_reached,
              r.counts, r.seen_after, r.fast_terms, r.fast_from, r.fast_until, r.fast_max_count, r.fast_max_cents,
              r.fast_days, r.fast_types, r.fast_parts
            FROM r WHERE NOT r.held AND (r.changed OR r.fast_terms IS NOT NULL)
              AND (r.counted_in IS NULL OR r.entry IN (SELECT ev.entry_id FROM ev))
      )
      -- The participations that crossed their next step's target, for challenges_pay_steps.
      SELECT array_agg(c.part), array_agg(c.challenge_id), array_agg(c.steps), array_agg(r.customer),
          array_agg(r.at), array_agg(c.progress)
        INTO x_parts, x_challenges, x_steps, x_customers, x_at, x_progress
        FROM r CROSS JOIN LATERAL unnest(r.crossed, r.crossed_challenges, r.crossed_steps, r.crossed_progress)
            c (part, challenge_id, steps, progress)
        WHERE r.crossed IS NOT NULL AND r.entry IN (SELECT ev.entry_id FROM ev);
    IF x_parts IS NOT NULL THEN
      paid := paid + challenges_pay_steps(x_parts, x_challenges, x_steps, x_customers, x_at, x_progress);
    END IF;
  END LOOP;
  RETURN paid;
END
$$;
