-- Issues a catalogue voucher as a challenge step's reward (docs/decisions/challenges.md), the way a
-- redemption issues one (modules/rewards/redemptions.service.ts) but at no points cost: the
-- voucher's stock taken by one conditional UPDATE (open today, codes left), a SUPPLIED voucher's
-- oldest AVAILABLE code taken FOR UPDATE SKIP LOCKED (one another transaction holds is passed
-- over), a GENERATED one's code made here; a redemption of 0 points on the CHALLENGE channel, its
-- external id the payout's (`challenge:<challenge>:<participation>:<step>[:<the cancelled redemption
-- it replaces>]`, answered again when repeated). Nothing to issue: no redemption and the reason (VOUCHER_UNAVAILABLE,
-- VOUCHER_OUT_OF_STOCK, VOUCHER_CODES_EXHAUSTED), the stock untouched. The per-customer limit of
-- redemptions does not apply: the challenge's own limit per customer does.
CREATE OR REPLACE FUNCTION challenges_issue_voucher(p_customer bigint, p_voucher integer, p_external text,
  OUT redemption_id bigint, OUT reason text)
LANGUAGE plpgsql AS $$
DECLARE
  source text;
  pooled bigint;
  issued_code text;
  b bytea;
BEGIN
  SELECT r.id INTO redemption_id FROM redemptions r WHERE r.channel = 'CHALLENGE' AND r.external_id = p_external;
  IF FOUND THEN
    RETURN;
  END IF;
  UPDATE vouchers vo SET issued = vo.issued + 1
    WHERE vo.id = p_voucher AND vo.status = 'ACTIVE' AND vo.issued < vo.amount
      AND (vo.valid_from IS NULL OR vo.valid_from <= current_date)
      AND (vo.valid_until IS NULL OR vo.valid_until >= current_date)
    RETURNING vo.code_source INTO source;
  IF NOT FOUND THEN
    SELECT CASE WHEN vo.id IS NULL OR vo.status <> 'ACTIVE' OR vo.valid_from > current_date
          OR vo.valid_until < current_date THEN 'VOUCHER_UNAVAILABLE'
        WHEN vo.code_source = 'SUPPLIED' THEN 'VOUCHER_CODES_EXHAUSTED' ELSE 'VOUCHER_OUT_OF_STOCK' END
      INTO reason FROM (SELECT 1) one LEFT JOIN vouchers vo ON vo.id = p_voucher;
    RETURN;
  END IF;
  IF source = 'SUPPLIED' THEN
    SELECT c.id, c.code INTO pooled, issued_code FROM voucher_codes c
      WHERE c.voucher_id = p_voucher AND c.status = 'AVAILABLE' ORDER BY c.id LIMIT 1 FOR UPDATE SKIP LOCKED;
    IF pooled IS NULL THEN
      UPDATE vouchers vo SET issued = vo.issued - 1 WHERE vo.id = p_voucher;
      reason := 'VOUCHER_CODES_EXHAUSTED';
      RETURN;
    END IF;
  ELSE
    -- As newVoucherCode: 12 symbols of 32 (no 0/O, 1/I) from random bytes, in groups of four
    -- (gen_random_uuid's random bytes: its version and variant bits skipped).
    b := decode(replace(gen_random_uuid()::text, '-', ''), 'hex');
    SELECT string_agg(substr('ABCDEFGHJKLMNPQRSTUVWXYZ23456789', (get_byte(b, i) & 31) + 1, 1)
        || CASE WHEN n IN (4, 8) THEN '-' ELSE '' END, '' ORDER BY n)
      INTO issued_code
      FROM unnest(ARRAY[0, 1, 2, 3, 4, 5, 7, 9, 10, 11, 12, 13]) WITH ORDINALITY x (i, n);
  END IF;
  INSERT INTO redemptions (customer_id, voucher_id, code, points_spent, channel, external_id)
    VALUES (p_customer, p_voucher, issued_code, 0, 'CHALLENGE', p_external)
    RETURNING redemptions.id INTO redemption_id;
  IF pooled IS NOT NULL THEN
    UPDATE voucher_codes c SET status = 'ISSUED', redemption_id = challenges_issue_voucher.redemption_id,
        issued_at = now()
      WHERE c.id = pooled;
  END IF;
END
$$;
