-- The earnings a replay reads (docs/decisions/replay.md): the EARN entries of channel transactions
-- that occurred in [p_from, p_to), of the customers p_first..p_last, each with
--   - `then_tier`: the tier the customer's history last moved them to before the entry was posted
--     (the history's row of the entry's own statement comes after it), else the tier their first
--     move left, else the tier they have now. The range's history is read once, as spans: move i
--     holds from its time (exclusive) to the next move's (inclusive), the first move's `from` before
--     it (moves in time order, then id: of moves at one time the last holds after it);
--   - `was_reversed`: a reversal of it exists (found among the range's reversals, read once);
--   - `cust`, the customer's row (for the decision), and its `segment` on its own: a reader of the
--     segment alone does not build the whole row per earning.
-- Plain SQL (inlined where it is called: a filter on the customers or the type reaches the scan).
DROP FUNCTION IF EXISTS replays_history(timestamptz, timestamptz, bigint, bigint);
CREATE OR REPLACE FUNCTION replays_history(p_from timestamptz, p_to timestamptz, p_first bigint, p_last bigint)
RETURNS TABLE (id bigint, customer_id bigint, transaction_type_id integer, amount numeric,
  occurred_at timestamptz, points integer, bonus_points integer, channel text, posted_day date,
  cust customers, segment text, expires_on date, then_tier integer, was_reversed boolean)
LANGUAGE sql STABLE AS $$
  WITH moves AS (
    SELECT h.customer_id, h.changed_at, h.from_tier_id, h.to_tier_id,
        lead(h.changed_at) OVER w AS next_at, row_number() OVER w AS n
      FROM customer_tier_history h WHERE h.customer_id BETWEEN p_first AND p_last
      WINDOW w AS (PARTITION BY h.customer_id ORDER BY h.changed_at, h.id)
  ), spans AS (
    SELECT m.customer_id, m.changed_at AS lo, m.next_at AS hi, m.to_tier_id AS tier FROM moves m
    UNION ALL
    SELECT m.customer_id, NULL, m.changed_at, m.from_tier_id FROM moves m WHERE m.n = 1
  )
  SELECT le.id, le.customer_id, le.transaction_type_id, le.amount::numeric, le.occurred_at, le.points,
      le.bonus_points, le.channel, (le.created_at AT TIME ZONE 'UTC')::date, c, c.segment,
      (le.expires_at AT TIME ZONE 'UTC')::date,
      CASE WHEN s.customer_id IS NOT NULL THEN s.tier ELSE c.tier_id END,
      rv.reversal_of IS NOT NULL
    FROM ledger_entries le
      JOIN customers c ON c.id = le.customer_id AND c.id BETWEEN p_first AND p_last
      LEFT JOIN spans s ON s.customer_id = le.customer_id AND (s.lo IS NULL OR s.lo < le.created_at)
        AND (s.hi IS NULL OR le.created_at <= s.hi)
      -- The range's reversals, read once (ledger_reversals_idx: the reversals by customer).
      LEFT JOIN (SELECT DISTINCT r.reversal_of FROM ledger_entries r
        WHERE r.customer_id BETWEEN p_first AND p_last AND r.reversal_of IS NOT NULL) rv
        ON rv.reversal_of = le.id
    WHERE le.kind = 'EARN' AND le.transaction_type_id IS NOT NULL
      AND le.occurred_at >= p_from AND le.occurred_at < p_to
      AND le.customer_id BETWEEN p_first AND p_last
$$;
