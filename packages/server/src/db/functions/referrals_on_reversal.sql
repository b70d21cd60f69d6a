-- A reversal of an earning (loyalty_post_entry with p_reversal_of), in its transaction: when the
-- earning was counted by a referral (referral_earnings), a pending referral counts it no more; a
-- paid one (REWARDED, QUALIFIED) has both rewards clawed back — each a REVERSAL of its reward entry
-- for what the customer still holds of it (never below zero) — and is CLAWED_BACK. Answers whether
-- it changed anything (the caller then reads the balance again).
CREATE OR REPLACE FUNCTION referrals_on_reversal(p_entry bigint, p_occurred_at timestamptz)
RETURNS boolean
LANGUAGE plpgsql AS $$
DECLARE
  f record;
  r record;
  v_back integer := 0;
  v_take integer;
  side record;
BEGIN
  SELECT rf.* INTO f
    FROM referral_earnings e JOIN referrals rf ON rf.id = e.referral_id
    WHERE e.entry_id = p_entry
    FOR UPDATE OF rf;
  IF NOT FOUND THEN
    RETURN false;
  END IF;
  DELETE FROM referral_earnings WHERE entry_id = p_entry;
  IF f.status = 'PENDING' THEN
    UPDATE referrals SET transactions = greatest(0, transactions - 1) WHERE id = f.id;
    RETURN false;
  END IF;
  IF f.status NOT IN ('REWARDED', 'QUALIFIED') THEN
    RETURN false;
  END IF;
  -- The referred customer's reward first (their row is locked by the reversal), then the referrer's.
  FOR side IN SELECT * FROM (VALUES (1, f.referred_id, f.referred_entry_id, f.referred_points),
      (2, f.referrer_id, f.referrer_entry_id, f.referrer_points)) s (ord, customer, entry, points)
      WHERE s.entry IS NOT NULL AND s.points > 0 ORDER BY s.ord LOOP
    SELECT least(c.balance, side.points) INTO v_take FROM customers c WHERE c.id = side.customer FOR UPDATE;
    IF v_take > 0 THEN
      r := loyalty_post_entry(side.customer, 'REVERSAL', -v_take, 'referral ' || f.id || ': clawed back',
        true, NULL, p_occurred_at, NULL, NULL, NULL, NULL, NULL, side.entry);
      v_back := v_back + v_take;
    END IF;
  END LOOP;
  UPDATE referrals SET status = 'CLAWED_BACK', clawed_back_points = v_back, clawed_back_at = now()
    WHERE id = f.id;
  RETURN true;
END
$$;
