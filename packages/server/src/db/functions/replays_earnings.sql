-- The earnings of a period decided again, each with two configurations (docs/decisions/replay.md):
-- `p_before` (today's) and `p_after` (a candidate), each {rules: {type id: rules}, business}, through
-- the function that posts (loyalty_decide_earning). Writes nothing. One row per earning of
-- replays_history (of the customers p_first..p_last), in customer and posting order, so that the
-- state an earning was decided with runs along:
--   - the customer's tier then (replays_history's `then_tier`);
--   - the daily limits (`p_limit`, the earn service's): the customer's count and points of the
--     entry's posting day so far, as each configuration decided them (a candidate that awards more
--     can reach the limit earlier);
--   - the status and eligibility it passed then (it was posted): ACTIVE, criteria not tried again;
--   - business banking with its multiplier; its monthly cap reads this month's ledger (not the
--     entry's), so it is left out: an earning it clipped shows as a mismatch.
-- The campaigns' bonus is the posted one in both (`bonus`): it is counted in before and after
-- alike, unless the daily limit refuses the earning.
-- Tiers followed (`p_after -> 'tiers'`: [[tier id, min points]…], highest first, as are today's in
-- `p_before -> 'tiers'`; for a rule or campaign candidate the same ladder twice): each
-- configuration carries the customer's lifetime points along (from their lots posted before the
-- period's first earning, then what it awarded; reversed earnings count nothing). Where the
-- candidate thresholds put those points in another tier than today's put today's, the
-- candidate's tier decides (a downgrade only under the IMMEDIATE policy, `p_after ->> 'downgrade'`);
-- elsewhere the tier history had (`after_tier_id`).
-- A candidate campaign (`p_after -> 'campaign'`: its terms as the earning takes them, with a
-- budget that never runs out here, its cap running along the customer, `campaignId` the real one
-- when it exists): its bonus (`campaign_bonus`, in after_points) replaces what the real campaign
-- paid on the entry; the budget is spent in time order by the caller (replays.service.ts).
-- `p_resume` (replays_quick's `resume`, by customer id): only these customers' earnings, each from
-- the earning `from` on, started with the state the set-based rows carried to it — lifetime points
-- under each configuration (`lb`, `la`), the day's count and points so far (`n`, `sb`, `sa`) of
-- the posting day `day`, the candidate's tier before it (`tier`).
DROP FUNCTION IF EXISTS replays_earnings(timestamptz, timestamptz, bigint, bigint, jsonb, jsonb, jsonb);
DROP FUNCTION IF EXISTS replays_earnings(timestamptz, timestamptz, bigint, bigint, jsonb, jsonb, jsonb, bigint[]);
DROP FUNCTION IF EXISTS replays_earnings(timestamptz, timestamptz, bigint, bigint, jsonb, jsonb, jsonb, bigint[], jsonb);
DROP FUNCTION IF EXISTS replays_earnings(timestamptz, timestamptz, bigint, bigint, jsonb, jsonb, jsonb, jsonb);
CREATE OR REPLACE FUNCTION replays_earnings(
  p_from timestamptz, p_to timestamptz, p_first bigint, p_last bigint, p_before jsonb, p_after jsonb,
  p_limit jsonb DEFAULT NULL, p_resume jsonb DEFAULT NULL
)
RETURNS TABLE (entry_id bigint, customer_id bigint, day date, type_id integer, channel text,
  tier_id integer, after_tier_id integer, ledger_points integer, bonus integer, reversed boolean,
  before_points integer, after_points integer, campaign_bonus integer, expires date)
-- No JIT: the planner's estimate of the history's joins asks for it, and compiling cost a second
-- per statement, several times what the statement then took.
LANGUAGE plpgsql STABLE SET jit = off AS $$
DECLARE
  e record;
  cust customers;
  d record;
  today date := (now() AT TIME ZONE 'UTC')::date;
  -- Each configuration's rules and business settings in variables of their own (an element of a
  -- jsonb array is copied whenever it is read: the whole configuration, twice per earning).
  rules_before jsonb := p_before -> 'rules';
  rules_after jsonb := p_after -> 'rules';
  business_before jsonb := nullif(p_before -> 'business', 'null') - 'monthlyCap';
  business_after jsonb := nullif(p_after -> 'business', 'null') - 'monthlyCap';
  tiers_today jsonb := p_before -> 'tiers';
  tiers_after jsonb := p_after -> 'tiers';
  immediate boolean := coalesce(p_after ->> 'downgrade', 'IMMEDIATE') = 'IMMEDIATE';
  campaign jsonb := p_after -> 'campaign';
  cand_id integer := (p_after ->> 'campaignId')::integer;
  cap integer := (campaign ->> 'cap')::integer;
  had integer;
  tiers integer[] := ARRAY[NULL, NULL];
  expected integer;
  candidate integer;
  last_customer bigint;
  last_day date;
  counts integer[];
  sums integer[];
  lifetime integer[];
  points integer[] := ARRAY[0, 0];
  removed integer;
  resume jsonb;
  cur refcursor;
BEGIN
  IF p_resume IS NOT NULL THEN
    -- Each resumed customer's history on its own (an index's few rows each), not the step's whole
    -- range filtered: a step's resumed customers are a fraction of it (928 of 5,000: 50 ms instead
    -- of 210). Planned for these arguments at each call (EXECUTE): from a session's sixth call the
    -- plan cache's generic plan (for any customer range) made a step 2.5 times as long.
    OPEN cur FOR EXECUTE 'SELECT h.* FROM jsonb_each($3) s
        CROSS JOIN LATERAL replays_history($1, $2, s.key::bigint, s.key::bigint) h
      WHERE h.id >= (s.value ->> ''from'')::bigint ORDER BY h.customer_id, h.id'
      USING p_from, p_to, p_resume;
  ELSE
    OPEN cur FOR SELECT h.* FROM replays_history(p_from, p_to, p_first, p_last) h ORDER BY h.customer_id, h.id;
  END IF;
  LOOP
    FETCH cur INTO e;
    EXIT WHEN NOT FOUND;
    IF e.customer_id IS DISTINCT FROM last_customer THEN
      had := 0;
      tiers := ARRAY[e.then_tier, e.then_tier];
      resume := p_resume -> e.customer_id::text;
      IF resume IS NOT NULL THEN
        tiers[2] := (resume ->> 'tier')::integer;
        lifetime := ARRAY[(resume ->> 'lb')::integer, (resume ->> 'la')::integer];
        last_customer := e.customer_id;
        last_day := (resume ->> 'day')::date;
        counts := ARRAY[(resume ->> 'n')::integer, (resume ->> 'n')::integer];
        sums := ARRAY[(resume ->> 'sb')::integer, (resume ->> 'sa')::integer];
      ELSIF tiers_after IS NOT NULL THEN
        SELECT coalesce(sum(l.points), 0)::integer INTO removed FROM ledger_entries l
          WHERE l.customer_id = e.customer_id AND l.lot AND l.id < e.id;
        lifetime := ARRAY[removed, removed];
      END IF;
    END IF;
    IF e.customer_id IS DISTINCT FROM last_customer OR e.posted_day IS DISTINCT FROM last_day THEN
      last_customer := e.customer_id;
      last_day := e.posted_day;
      counts := ARRAY[0, 0];
      sums := ARRAY[0, 0];
    END IF;
    cust := e.cust;
    cust.status := 'ACTIVE';
    cust.earn_day := today;
    entry_id := e.id;
    customer_id := e.customer_id;
    day := (e.occurred_at AT TIME ZONE 'UTC')::date;
    type_id := e.transaction_type_id;
    channel := coalesce(e.channel, '');
    tier_id := e.then_tier;
    after_tier_id := e.then_tier;
    ledger_points := e.points;
    bonus := e.bonus_points;
    reversed := e.was_reversed;
    expires := e.expires_on;
    campaign_bonus := 0;
    removed := 0;
    IF tiers_after IS NOT NULL THEN
      -- The tier today's thresholds give today's running points, and the candidate's its own.
      expected := replays_ladder_tier(tiers_today, lifetime[1]);
      candidate := replays_ladder_tier(tiers_after, lifetime[2]);
      IF candidate IS DISTINCT FROM expected THEN
        IF immediate OR candidate IS NOT NULL AND coalesce((SELECT (x ->> 1)::integer FROM
            jsonb_array_elements(tiers_after) x WHERE (x ->> 0)::integer = candidate), 0)
            >= coalesce((SELECT (x ->> 1)::integer FROM jsonb_array_elements(tiers_after) x
            WHERE (x ->> 0)::integer = tiers[2]), -1) THEN
          tiers[2] := candidate;
        END IF;
      ELSE
        tiers[2] := e.then_tier;
      END IF;
      after_tier_id := tiers[2];
    END IF;
    IF cand_id IS NOT NULL THEN
      SELECT coalesce(sum(a.points), 0)::integer INTO removed FROM campaign_awards a
        WHERE a.entry_id = e.id AND a.campaign_id = cand_id;
    END IF;

    -- 1: today's configuration, 2: the candidate; each with its own running daily counts.
    FOR k IN 1 .. 2 LOOP
      cust.earn_count := counts[k];
      cust.earn_points := sums[k];
      cust.tier_id := CASE WHEN k = 1 THEN e.then_tier ELSE after_tier_id END;
      d := loyalty_decide_earning(cust, e.transaction_type_id, e.amount, e.occurred_at,
        CASE WHEN k = 1 THEN rules_before ELSE rules_after END -> e.transaction_type_id::text, p_limit, NULL,
        CASE WHEN k = 1 THEN business_before ELSE business_after END,
        CASE WHEN k = 2 AND campaign IS NOT NULL AND (cap IS NULL OR had < cap)
          THEN jsonb_build_array(CASE WHEN cap IS NULL THEN campaign
            ELSE jsonb_set(campaign, '{cap}', to_jsonb(cap - had)) END) END);
      points[k] := CASE WHEN d.outcome = 'POSTED' THEN d.points + e.bonus_points ELSE 0 END;
      IF d.outcome = 'POSTED' AND d.counted IS NOT NULL THEN
        counts[k] := counts[k] + 1;
        sums[k] := sums[k] + d.counted;
      END IF;
      IF k = 2 AND d.outcome = 'POSTED' AND campaign IS NOT NULL THEN
        campaign_bonus := d.bonus_points;
        points[k] := points[k] - removed + d.bonus_points;
        IF NOT e.was_reversed THEN
          had := had + d.bonus_points;
        END IF;
      END IF;
    END LOOP;
    before_points := points[1];
    after_points := points[2];
    IF tiers_after IS NOT NULL AND NOT e.was_reversed THEN
      lifetime[1] := lifetime[1] + points[1];
      lifetime[2] := lifetime[2] + points[2];
    END IF;
    RETURN NEXT;
  END LOOP;
  CLOSE cur;
END
$$;
