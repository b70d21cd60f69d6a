-- A referred customer's earning (modules/referrals, decisions/referrals.md), called by
-- loyalty_post_earnings for every posted earning, in its transaction and under the customer's lock:
-- one indexed look-up (referrals_referred_key) when the customer has no pending referral. Otherwise
-- the earning is counted (referral_earnings, for a later reversal); an earning after the window
-- ends the referral (REFUSED, WINDOW_ENDED); the count reaching the programme's (1 for the first
-- earning) qualifies it, and both rewards are posted through loyalty_post_entry as ADJUST lots
-- expiring with the qualifying earning's points: REWARDED, or QUALIFIED with the referred paid
-- alone when the referrer is blocked or closed by then (REFERRER_NOT_ACTIVE). The referrer's row
-- is locked after the referred's: a batch that deadlocks with another is posted again one earning
-- at a time (earnings.queue.ts).
CREATE OR REPLACE FUNCTION referrals_on_earning(
  p_customer bigint, p_entry bigint, p_occurred_at timestamptz, p_expires_at timestamptz
) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
  f record;
  r record;
  v_active boolean;
BEGIN
  SELECT rf.id, rf.referrer_id, rf.transactions, rf.qualifies_by, p.transaction_count,
      p.referrer_points, p.referred_points
    INTO f
    FROM referrals rf JOIN referral_programmes p ON p.id = rf.programme_id
    WHERE rf.referred_id = p_customer AND rf.status = 'PENDING'
    FOR UPDATE OF rf;
  IF NOT FOUND THEN
    RETURN;
  END IF;
  IF f.qualifies_by IS NOT NULL AND p_occurred_at > f.qualifies_by THEN
    UPDATE referrals SET status = 'REFUSED', reason = 'WINDOW_ENDED' WHERE id = f.id;
    RETURN;
  END IF;
  INSERT INTO referral_earnings (entry_id, referral_id) VALUES (p_entry, f.id);
  UPDATE referrals SET transactions = transactions + 1 WHERE id = f.id;
  IF f.transactions + 1 < f.transaction_count THEN
    RETURN;
  END IF;
  IF f.referred_points > 0 THEN
    r := loyalty_post_entry(p_customer, 'ADJUST', f.referred_points, 'referral ' || f.id || ': referred',
      true, p_expires_at, p_occurred_at);
    UPDATE referrals SET referred_entry_id = r.entry_id, referred_points = f.referred_points WHERE id = f.id;
  END IF;
  SELECT c.status = 'ACTIVE' INTO v_active FROM customers c WHERE c.id = f.referrer_id;
  IF v_active AND f.referrer_points > 0 THEN
    r := loyalty_post_entry(f.referrer_id, 'ADJUST', f.referrer_points, 'referral ' || f.id || ': referrer',
      true, p_expires_at, p_occurred_at);
    UPDATE referrals SET referrer_entry_id = r.entry_id, referrer_points = f.referrer_points WHERE id = f.id;
  END IF;
  UPDATE referrals SET status = CASE WHEN v_active THEN 'REWARDED' ELSE 'QUALIFIED' END,
      reason = CASE WHEN v_active THEN NULL ELSE 'REFERRER_NOT_ACTIVE' END, rewarded_at = now()
    WHERE id = f.id;
END
$$;
