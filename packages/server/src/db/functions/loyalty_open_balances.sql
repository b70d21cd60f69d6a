-- Posts a batch of opening balances (the migration: kinds/openingBalances.ts) in a few statements
-- instead of loyalty_post_entry per entry. `p_lines`: the batch's checked lines
-- [{line, customerNumber, lifetime, tierId, joinedAt, entries: [{points, lot, expiresAt}]}], the
-- entries in their order (the points earned and spent before, then the balance's lots). Per
-- customer, as loyalty_post_entry would have posted them one by one: ADJUST ledger rows with the
-- running balance after each, the first marked `opening:<customerNumber>` (a customer opens once:
-- a second time answers REPLAYED), balance and lifetime points (the lots) moved once, the join
-- date, then the tier: the one named (history reason OPENING), else the one the points reach
-- (loyalty_evaluate_tier, reason OPENING). ADJUST entries fire no points alert or webhook (the
-- ledger triggers ignore the kind); the triggers run once per statement, not per entry.
-- Answers each line's outcome: POSTED (the marked entry's id), REPLAYED, unknownCustomer.
CREATE OR REPLACE FUNCTION loyalty_open_balances(p_lines jsonb, p_reference text)
RETURNS TABLE (line integer, outcome text, entry_id bigint, points integer)
LANGUAGE plpgsql AS $$
DECLARE
  rolling boolean;
  posted jsonb;
BEGIN
  -- The customers locked first, in id order (no deadlock with another batch); the next statement's
  -- snapshot then sees an opening that a racing batch committed meanwhile. (A join, not `= ANY`
  -- of an array: that was planned as a scan of every customer.)
  PERFORM 1 FROM jsonb_array_elements(p_lines) i JOIN customers c ON c.customer_number = i ->> 'customerNumber'
    ORDER BY c.id FOR UPDATE OF c;
  WITH l AS (
    SELECT i.line, i."customerNumber" AS number, i.lifetime, i."tierId" AS tier, i."joinedAt" AS joined,
      i.entries, c.id AS customer, c.balance AS before,
      -- The mark looked up by the ledger's external key, a scalar subquery per line (`NOT EXISTS`
      -- may be planned as a hash of every opening's mark when the statistics are stale).
      c.id IS NOT NULL AND (SELECT e.id FROM ledger_entries e WHERE e.kind = 'ADJUST'
        AND coalesce(e.channel, '') = '' AND e.external_id = 'opening:' || i."customerNumber" LIMIT 1) IS NULL AS go
    FROM jsonb_to_recordset(p_lines)
      AS i(line integer, "customerNumber" text, lifetime integer, "tierId" integer, "joinedAt" date, entries jsonb)
    LEFT JOIN customers c ON c.customer_number = i."customerNumber"
  ), e AS (
    SELECT l.line, l.customer, x.ord, (x.v ->> 'points')::integer AS points, (x.v ->> 'lot')::boolean AS lot,
      (x.v ->> 'expiresAt')::timestamptz AS expires_at,
      CASE WHEN x.ord = 1 THEN 'opening:' || l.number END AS mark,
      l.before + sum((x.v ->> 'points')::integer) OVER (PARTITION BY l.line ORDER BY x.ord) AS balance_after
    FROM l, jsonb_array_elements(l.entries) WITH ORDINALITY x (v, ord)
    WHERE l.go
  ), ins AS (
    INSERT INTO ledger_entries (customer_id, kind, points, balance_after, lot, expires_at, reference,
        external_id, note, occurred_at)
      SELECT e.customer, 'ADJUST', e.points, e.balance_after, e.lot, e.expires_at, p_reference, e.mark,
        'opening balance', now()
      FROM e ORDER BY e.line, e.ord
      RETURNING id, customer_id, external_id
  ), sums AS (
    SELECT e.customer, sum(e.points)::integer AS points,
      coalesce(sum(e.points) FILTER (WHERE e.lot), 0)::integer AS lots
    FROM e GROUP BY e.customer
  ), moved AS (
    UPDATE customers c SET
      balance = c.balance + coalesce(s.points, 0),
      lifetime_points = c.lifetime_points + coalesce(s.lots, 0),
      joined_at = coalesce(l.joined, c.joined_at),
      updated_at = now()
    FROM l LEFT JOIN sums s ON s.customer = l.customer
    WHERE l.go AND c.id = l.customer
  )
  SELECT jsonb_agg(jsonb_build_object('line', l.line,
      'outcome', CASE WHEN l.customer IS NULL THEN 'unknownCustomer' WHEN NOT l.go THEN 'REPLAYED' ELSE 'POSTED' END,
      'entryId', i.id, 'customer', l.customer, 'tier', l.tier, 'lifetime', l.lifetime, 'go', l.go)
      ORDER BY l.line)
    INTO posted FROM l LEFT JOIN ins i ON i.external_id = 'opening:' || l.number;

  -- The tier named: set, and recorded as OPENING (qualifying points: the file's lifetime points).
  WITH n AS (
    SELECT DISTINCT ON (p.customer) p.customer, p.tier, p.lifetime
    FROM jsonb_to_recordset(posted) AS p(customer bigint, tier integer, lifetime integer, go boolean)
    WHERE p.go AND p.tier IS NOT NULL ORDER BY p.customer
  ), cur AS (
    SELECT n.customer, c.tier_id, t.name FROM n JOIN customers c ON c.id = n.customer
      LEFT JOIN tiers t ON t.id = c.tier_id
  ), moved AS (
    UPDATE customers c SET tier_id = n.tier FROM n
      WHERE c.id = n.customer AND c.tier_id IS DISTINCT FROM n.tier
      RETURNING c.id, n.tier, n.lifetime
  )
  INSERT INTO customer_tier_history
      (customer_id, from_tier_id, from_tier_name, to_tier_id, to_tier_name, qualifying_points, reason)
    SELECT m.id, cur.tier_id, cur.name, t.id, t.name, m.lifetime, 'OPENING'
    FROM moved m JOIN cur ON cur.customer = m.id JOIN tiers t ON t.id = m.tier
    ORDER BY m.id;

  -- No tier named: the tier the points reach, by the one tier function (upgrades only: an opening
  -- adds points), for a customer it gave points (a zero opening posts nothing, as before). With
  -- lifetime points deciding, only where that is another tier.
  SELECT s.tier_basis = 'ROLLING' INTO rolling FROM loyalty_settings s WHERE s.id = 1;
  PERFORM loyalty_evaluate_tier(c.id, c.tier_id, c.lifetime_points, 'OPENING')
    FROM jsonb_to_recordset(posted) AS p(customer bigint, tier integer, lifetime integer, go boolean)
    JOIN customers c ON c.id = p.customer
    LEFT JOIN LATERAL (SELECT t.id FROM tiers t WHERE t.min_points <= c.lifetime_points
      ORDER BY t.min_points DESC LIMIT 1) t ON true
    WHERE p.go AND p.tier IS NULL AND p.lifetime > 0 AND (coalesce(rolling, false) OR t.id IS DISTINCT FROM c.tier_id)
    ORDER BY c.id;

  RETURN QUERY SELECT p.line, p.outcome, p."entryId", NULL::integer
    FROM jsonb_to_recordset(posted) AS p(line integer, outcome text, "entryId" bigint)
    ORDER BY p.line;
END
$$;
