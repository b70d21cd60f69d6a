-- Takes back a challenge's voucher reward (the challenge reverses its rewards): the redemption
-- cancelled as staff cancel one, without points to return — a generated code back to the stock,
-- a partner's code voided (the customer has seen it) and the pool's amount without it.
CREATE OR REPLACE FUNCTION challenges_cancel_voucher(p_redemption bigint) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
  v integer;
  voided integer;
BEGIN
  UPDATE redemptions r SET status = 'CANCELLED', cancelled_at = now(), cancel_reason = 'challenge reversal'
    WHERE r.id = p_redemption AND r.status = 'ISSUED'
    RETURNING r.voucher_id INTO v;
  IF v IS NULL THEN
    RETURN;
  END IF;
  UPDATE voucher_codes c SET status = 'VOID' WHERE c.redemption_id = p_redemption;
  GET DIAGNOSTICS voided = ROW_COUNT;
  UPDATE vouchers vo SET issued = vo.issued - 1, amount = vo.amount - voided WHERE vo.id = v;
END
$$;
