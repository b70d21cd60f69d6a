-- A transfer of points between two customers (modules/households, decisions/households.md): the
-- sender's debit and the receiver's credit, both through loyalty_post_entry, in the caller's
-- transaction. The two customers' rows are locked lower id first, so concurrent transfers
-- between the same customers queue instead of deadlocking, and the balance read is the one the
-- debit moves. Points the sender holds that expire by p_horizon are not transferable (they stay,
-- and expire at their date); the transfer takes the oldest of the rest first (FIFO): the debit is
-- a negative lot dated at the first expiry after the horizon with points left, so the lots from
-- there on are what it consumes, and the receiver's credit is a lot expiring then (never later
-- than the points it came from). Both entries are lots that do not qualify for the tier
-- (p_qualifying false): the lifetime points of neither customer move.
-- p_points NULL moves all the sender's transferable points (a household pooled to its head), and
-- `transferable` answers how many.
-- Outcomes: POSTED, NOT_FOUND, NOT_ACTIVE, INSUFFICIENT_POINTS, EXPIRING_POINTS, NOTHING (NULL asked, none transferable).
CREATE OR REPLACE FUNCTION households_transfer(
  p_from bigint, p_to bigint, p_points integer, p_reference text, p_horizon timestamptz,
  p_occurred_at timestamptz, p_note text DEFAULT NULL, p_actor_id integer DEFAULT NULL,
  p_channel text DEFAULT NULL, p_api_key_id integer DEFAULT NULL,
  OUT outcome text, OUT debit_id bigint, OUT credit_id bigint, OUT from_balance integer,
  OUT to_balance integer, OUT transferable integer, OUT lot_expires_at timestamptz
)
LANGUAGE plpgsql AS $$
DECLARE
  v_locked integer;
  v_balance integer;
  v_spent integer;
  v_held integer;
  r record;
BEGIN
  SELECT count(*) INTO v_locked FROM (
    SELECT c.id FROM customers c WHERE c.id IN (p_from, p_to) ORDER BY c.id FOR UPDATE
  ) l;
  IF v_locked < 2 THEN
    outcome := 'NOT_FOUND';
    RETURN;
  END IF;
  IF EXISTS (SELECT 1 FROM customers c WHERE c.id IN (p_from, p_to) AND c.status <> 'ACTIVE') THEN
    outcome := 'NOT_ACTIVE';
    RETURN;
  END IF;
  SELECT c.balance INTO v_balance FROM customers c WHERE c.id = p_from;
  from_balance := v_balance;
  -- What is due by the horizon: the same reckoning as the expiry job (duePoints), debits taking
  -- the oldest points first.
  SELECT coalesce(sum(e.points) FILTER (WHERE NOT e.lot), 0),
      coalesce(sum(e.points) FILTER (WHERE e.lot AND e.expires_at <= p_horizon), 0)
    INTO v_spent, v_held
    FROM ledger_entries e WHERE e.customer_id = p_from;
  v_held := greatest(0, least(v_balance, v_held + v_spent));
  transferable := v_balance - v_held;
  IF p_points IS NULL THEN
    p_points := transferable;
    IF p_points <= 0 THEN
      outcome := 'NOTHING';
      RETURN;
    END IF;
  END IF;
  IF p_points > transferable THEN
    outcome := CASE WHEN p_points > v_balance THEN 'INSUFFICIENT_POINTS' ELSE 'EXPIRING_POINTS' END;
    RETURN;
  END IF;
  -- FIFO over the transferable points: the first expiry after the horizon at which some of them
  -- would expire (none: what is left never expires).
  SELECT min(l.at) INTO lot_expires_at FROM (
    SELECT e.expires_at AS at, sum(sum(e.points)) OVER (ORDER BY e.expires_at) AS expired_by
      FROM ledger_entries e
      WHERE e.customer_id = p_from AND e.lot AND e.expires_at IS NOT NULL
      GROUP BY e.expires_at
  ) l
  WHERE l.at > p_horizon AND least(v_balance, l.expired_by + v_spent) > v_held;

  SELECT * INTO r FROM loyalty_post_entry(p_from, 'ADJUST', -p_points, p_reference, true,
    lot_expires_at, p_occurred_at, NULL, NULL, NULL, NULL, NULL, NULL, p_note, p_actor_id, 0,
    p_channel, p_api_key_id, p_qualifying => false);
  IF r.outcome <> 'POSTED' THEN
    outcome := r.outcome;
    RETURN;
  END IF;
  debit_id := r.entry_id;
  from_balance := r.balance;
  SELECT * INTO r FROM loyalty_post_entry(p_to, 'ADJUST', p_points, p_reference, true,
    lot_expires_at, p_occurred_at, NULL, NULL, NULL, NULL, NULL, NULL, p_note, p_actor_id, 0,
    p_channel, p_api_key_id, p_qualifying => false);
  IF r.outcome <> 'POSTED' THEN
    RAISE EXCEPTION 'households_transfer: the credit was refused (%)', r.outcome;
  END IF;
  credit_id := r.entry_id;
  to_balance := r.balance;
  outcome := 'POSTED';
END
$$;
