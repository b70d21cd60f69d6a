-- Posts a batch of earnings as loyalty_post_earnings posts them (same arguments, same rows in the
-- same order), deciding set-based the customers for whom that is exact (docs/decisions/imports.md,
-- "Posting set-based"): one statement decides their earnings with the parts of the decision
-- (loyalty_fire_rule_set: loyalty_fire_rule's choice as a query), one moves their balances, one
-- inserts their entries (loyalty_insert_entries); every other customer's earnings go through
-- loyalty_post_earnings as they are. Exact for a customer when each of their earnings in the
-- batch would post and nothing it carries along changes the next: the customer exists and is
-- ACTIVE; no earning's external id is posted already or given twice in the batch; no business
-- banking rule applies to them (the monthly cap reads the ledger); no daily limit refuses any of
-- their earnings (counted in order); their lifetime points after each earning put them in the
-- tier they hold (no tier moves, the rule choice keeps its tier); no pending referral waits for
-- their earning. And for the whole batch: no eligibility criteria, no live campaign, no active
-- challenge, tiers on lifetime points (rolling points read the ledger at each earning).
-- The batch's customers are all locked first, in the batch's order (sorted by customer number, as
-- every batch locks them), by the statement that decides: the loop then finds its locks taken.
CREATE OR REPLACE FUNCTION loyalty_post_earnings_set(p_items jsonb, p_config jsonb DEFAULT NULL)
RETURNS TABLE (outcome text, entry_id bigint, points integer, balance integer, tier_id integer,
  rule_id integer, status text, bonus_points integer, campaign_id integer)
LANGUAGE plpgsql AS $$
DECLARE
  today date := (now() AT TIME ZONE 'UTC')::date;
  -- The batch's earnings in its order, decided: `quick` when their customer's are all exact.
  d_ord bigint[];
  d_item jsonb[];
  d_quick boolean[];
  d_customer bigint[];
  d_rule integer[];
  d_points integer[];
  d_balance integer[];
  d_tier integer[];
  d_counted boolean[];
  d_entry bigint[];
  d_status text[];
  -- The loop's rows for the others, in their order.
  rest jsonb;
  looped jsonb;
BEGIN
  IF nullif(p_config -> 'campaigns', '[]'::jsonb) IS NOT NULL
      OR EXISTS (SELECT 1 FROM jsonb_array_elements(p_items) i WHERE nullif(i -> 'criteria', 'null'::jsonb) IS NOT NULL)
      OR EXISTS (SELECT 1 FROM challenges ch WHERE ch.status = 'ACTIVE')
      OR EXISTS (SELECT 1 FROM loyalty_settings s WHERE s.id = 1 AND s.tier_basis = 'ROLLING') THEN
    RETURN QUERY SELECT * FROM loyalty_post_earnings(p_items, false, p_config);
    RETURN;
  END IF;
  WITH locked AS MATERIALIZED (
    -- The batch's customers, locked in its order, read once.
    SELECT cu.id, cu.customer_number, cu.tier_id, cu.status, cu.segment, cu.balance, cu.lifetime_points,
        cu.earn_day, cu.earn_count, cu.earn_points
      FROM customers cu
      WHERE cu.customer_number IN (SELECT i ->> 'customerNumber' FROM jsonb_array_elements(p_items) i)
      ORDER BY cu.customer_number COLLATE "C" FOR UPDATE
  ), rules AS MATERIALIZED (
    -- Each type's rules in evaluation order, sorted once for the batch (loyalty_fire_rule sorts per earning).
    SELECT x.key AS type_id, loyalty_rules_in_order(x.value) AS rules FROM jsonb_each(p_config -> 'rules') x
  ), it AS (
    SELECT i.ord, i.v AS item, i.v ->> 'customerNumber' AS num, i.v ->> 'externalId' AS xid,
        (i.v ->> 'amount')::numeric AS amount, (i.v ->> 'occurredAt')::timestamptz AS at,
        nullif(i.v -> 'limit', 'null'::jsonb) AS lim, nullif(i.v -> 'business', 'null'::jsonb) IS NOT NULL AS business,
        coalesce(i.v ->> 'channel', '') AS channel
      FROM jsonb_array_elements(p_items) WITH ORDINALITY i (v, ord)
  ), c AS (
    SELECT it.*, cu.id AS cid, cu.tier_id AS tier, cu.status AS cstatus, cu.segment, cu.balance AS balance0,
        cu.lifetime_points AS lifetime0,
        CASE WHEN cu.earn_day = today THEN cu.earn_count ELSE 0 END AS count0,
        CASE WHEN cu.earn_day = today THEN cu.earn_points ELSE 0 END AS points0,
        f.rule_id AS fired, coalesce(f.points, 0) AS pts,
        count(*) OVER (PARTITION BY it.channel, it.xid) AS twins, k.known IS NOT NULL AS known,
        EXISTS (SELECT 1 FROM referrals rf WHERE rf.referred_id = cu.id AND rf.status = 'PENDING') AS referred
      FROM it
        LEFT JOIN locked cu ON cu.customer_number = it.num
        LEFT JOIN rules r ON r.type_id = it.item ->> 'typeId'
        LEFT JOIN LATERAL loyalty_fire_rule_set(r.rules, cu.tier_id, it.amount, (it.at AT TIME ZONE 'UTC')::date) f ON true
        -- Posted already: a look-up of the ledger's external-id key per earning. As an EXISTS the
        -- planner may hash the whole ledger's earnings instead, and PL/pgSQL keeps that plan: made
        -- when the ledger was small, it read every earning at every batch as the ledger grew.
        LEFT JOIN LATERAL (SELECT true AS known FROM ledger_entries e WHERE e.kind = 'EARN'
          AND coalesce(e.channel, '') = it.channel AND e.external_id = it.xid LIMIT 1) k ON true
  ), w AS (
    -- Per customer in the batch's order: their points up to and with this earning, and of the
    -- earnings the daily limits count, how many before it and their points with its own.
    SELECT c.*, sum(c.pts) OVER run AS upto,
        coalesce(count(*) FILTER (WHERE c.lim IS NOT NULL) OVER before, 0) AS counted_before,
        sum(c.pts) FILTER (WHERE c.lim IS NOT NULL) OVER run AS counted_upto
      FROM c
      WINDOW run AS (PARTITION BY c.num ORDER BY c.ord),
        before AS (PARTITION BY c.num ORDER BY c.ord ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING)
  ), x AS (
    SELECT w.*,
        w.cid IS NOT NULL AND w.cstatus = 'ACTIVE' AND w.twins = 1 AND NOT w.known AND NOT w.referred
        AND NOT (w.business AND w.segment = 'BUSINESS')
        AND (w.lim IS NULL OR ((w.lim ->> 'count' IS NULL OR w.count0 + w.counted_before < (w.lim ->> 'count')::integer)
          AND (w.lim ->> 'points' IS NULL OR w.points0 + w.counted_upto <= (w.lim ->> 'points')::integer)))
        -- The tier the loop would move them to after it (loyalty_post_earnings: the highest reached).
        AND (SELECT t.id FROM tiers t WHERE t.min_points <= w.lifetime0 + w.upto ORDER BY t.min_points DESC LIMIT 1)
          IS NOT DISTINCT FROM w.tier AS ok
      FROM w
  ), y AS (
    SELECT x.*, bool_and(x.ok) OVER (PARTITION BY x.num) AS quick FROM x
  )
  SELECT array_agg(y.ord ORDER BY y.ord), array_agg(y.item ORDER BY y.ord), array_agg(y.quick ORDER BY y.ord),
      array_agg(y.cid ORDER BY y.ord), array_agg(y.fired ORDER BY y.ord), array_agg(y.pts ORDER BY y.ord),
      array_agg(y.balance0 + y.upto ORDER BY y.ord), array_agg(y.tier ORDER BY y.ord),
      array_agg(y.lim IS NOT NULL ORDER BY y.ord), array_agg(y.cstatus ORDER BY y.ord)
    INTO d_ord, d_item, d_quick, d_customer, d_rule, d_points, d_balance, d_tier, d_counted, d_status
    FROM y;
  -- The exact earnings' entry ids, drawn in the batch's order (unnest answers it in order).
  SELECT array_agg(CASE WHEN q THEN nextval('ledger_entries_id_seq') END) INTO d_entry FROM unnest(d_quick) q;
  IF true = ANY (d_quick) THEN
    -- The exact customers' balances, lifetime points, last activity and daily counts, moved once
    -- each as loyalty_apply_earning moves them once per earning.
    UPDATE customers cu SET
        balance = cu.balance + s.pts,
        lifetime_points = cu.lifetime_points + s.pts,
        last_activity_at = greatest(cu.last_activity_at, s.last_at),
        earn_day = CASE WHEN s.counted = 0 THEN cu.earn_day ELSE today END,
        earn_count = CASE WHEN s.counted = 0 THEN cu.earn_count
          WHEN cu.earn_day = today THEN cu.earn_count + s.counted ELSE s.counted END,
        earn_points = CASE WHEN s.counted = 0 THEN cu.earn_points
          WHEN cu.earn_day = today THEN cu.earn_points + s.counted_points ELSE s.counted_points END,
        updated_at = now()
      FROM (SELECT b.customer, sum(b.points)::integer AS pts, max((b.item ->> 'occurredAt')::timestamptz) AS last_at,
            count(*) FILTER (WHERE b.counted)::integer AS counted,
            coalesce(sum(b.points) FILTER (WHERE b.counted), 0)::integer AS counted_points
          FROM unnest(d_quick, d_customer, d_points, d_counted, d_item) b (quick, customer, points, counted, item)
          WHERE b.quick GROUP BY b.customer) s
      WHERE cu.id = s.customer;
    -- Their entries, as loyalty_apply_earning makes them (the columns of loyalty_insert_entries).
    INSERT INTO ledger_entries (id, customer_id, kind, points, balance_after, lot, expires_at, reference,
        external_id, transaction_type_id, amount, rule_id, campaign_id, reversal_of, note, actor_id,
        occurred_at, created_at, bonus_points, channel, api_key_id)
      OVERRIDING SYSTEM VALUE
      SELECT e.entry, e.customer, 'EARN', e.points, e.balance, true, (e.item ->> 'expiresAt')::timestamptz,
          'txn:' || (e.item ->> 'externalId'), e.item ->> 'externalId', (e.item ->> 'typeId')::integer,
          (e.item ->> 'amount')::numeric, e.rule, (e.item ->> 'campaignId')::integer, NULL, NULL,
          (e.item ->> 'actorId')::integer, (e.item ->> 'occurredAt')::timestamptz, now(), 0, e.item ->> 'channel',
          (e.item ->> 'apiKeyId')::integer
        FROM unnest(d_entry, d_customer, d_points, d_balance, d_rule, d_item) e (entry, customer, points, balance, rule, item)
        WHERE e.entry IS NOT NULL
        ORDER BY e.entry;
    -- Their challenge progress, as the loop's end moves it (nothing while no challenge is active).
    PERFORM challenges_progress(array_agg(b.customer ORDER BY b.ord), array_agg(b.entry ORDER BY b.ord),
        array_agg((b.item ->> 'typeId')::integer ORDER BY b.ord), array_agg((b.item ->> 'amount')::numeric ORDER BY b.ord),
        array_agg((b.item ->> 'occurredAt')::timestamptz ORDER BY b.ord))
      FROM unnest(d_ord, d_entry, d_customer, d_item) b (ord, entry, customer, item)
      WHERE b.entry IS NOT NULL;
  END IF;
  IF false = ANY (d_quick) THEN
    SELECT jsonb_agg(b.item ORDER BY b.ord) INTO rest
      FROM unnest(d_ord, d_item, d_quick) b (ord, item, quick) WHERE NOT b.quick;
    SELECT jsonb_agg(to_jsonb(l) ORDER BY l.ordinality) INTO looped
      FROM loyalty_post_earnings(rest, false, p_config) WITH ORDINALITY l;
  END IF;
  -- Every earning's row, in the batch's order: an exact one's as loyalty_apply_earning answers it.
  RETURN QUERY
    SELECT CASE WHEN b.quick THEN 'POSTED' ELSE lr.l ->> 'outcome' END,
        CASE WHEN b.quick THEN b.entry ELSE (lr.l ->> 'entry_id')::bigint END,
        CASE WHEN b.quick THEN b.points ELSE (lr.l ->> 'points')::integer END,
        CASE WHEN b.quick THEN b.balance ELSE (lr.l ->> 'balance')::integer END,
        CASE WHEN b.quick THEN b.tier ELSE (lr.l ->> 'tier_id')::integer END,
        CASE WHEN b.quick THEN b.rule ELSE (lr.l ->> 'rule_id')::integer END,
        CASE WHEN b.quick THEN b.status ELSE lr.l ->> 'status' END,
        CASE WHEN b.quick THEN 0 ELSE (lr.l ->> 'bonus_points')::integer END,
        CASE WHEN b.quick THEN (b.item ->> 'campaignId')::integer ELSE (lr.l ->> 'campaign_id')::integer END
      FROM (SELECT u.*, count(*) FILTER (WHERE NOT u.quick) OVER (ORDER BY u.ord) AS k
          FROM unnest(d_ord, d_quick, d_entry, d_points, d_balance, d_tier, d_rule, d_status, d_item)
            u (ord, quick, entry, points, balance, tier, rule, status, item)) b
        LEFT JOIN LATERAL (SELECT looped -> (b.k::integer - 1) AS l WHERE NOT b.quick) lr ON true
      ORDER BY b.ord;
END
$$;
