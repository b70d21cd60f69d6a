-- Takes back a reversed earning's challenge progress (docs/decisions/challenges.md), called by
-- loyalty_post_entry for every reversal, under the customer's lock: the earning's row in
-- challenge_earnings is marked reversed, each participation it counted in recounted from the live
-- rows (challenges_progress_of, and its entry in challenge_progress: challenges_cache_put) with the
-- steps it still reaches, and the rewards of the steps no longer reached reversed when the challenge says REVERSE (points through
-- loyalty_post_entry with p_reversal_of, a voucher's redemption cancelled; the budget given back);
-- KEEP leaves them paid (not paid again when the step is reached again). A reward the customer has
-- already spent stays (the reversal would take the balance below zero).
CREATE OR REPLACE FUNCTION challenges_reverse(p_customer bigint, p_reversed bigint, p_occurred_at timestamptz)
RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
  ev record;
  progress numeric;
  reached integer;
  po record;
  r record;
BEGIN
  FOR ev IN
    WITH hit AS (
      UPDATE challenge_earnings e SET reversed = true
        WHERE e.customer_id = p_customer AND e.entry_id = p_reversed AND NOT e.reversed
        RETURNING e.participant_ids
    )
    SELECT cp.id AS participant_id, k.id AS challenge_id, k.goal_kind, k.steps, k.on_reversal
      FROM hit CROSS JOIN LATERAL unnest(hit.participant_ids) x (id)
        JOIN challenge_participants cp ON cp.id = x.id
        JOIN challenges k ON k.id = cp.challenge_id
      ORDER BY cp.id
  LOOP
    progress := challenges_progress_of(p_customer, ev.participant_id, ev.goal_kind);
    SELECT count(*) INTO reached FROM jsonb_array_elements(ev.steps) s WHERE (s ->> 'target')::numeric <= progress;
    UPDATE challenge_participants cp SET steps_reached = reached,
        completed_at = CASE WHEN reached = jsonb_array_length(ev.steps) THEN cp.completed_at END
      WHERE cp.id = ev.participant_id AND (cp.steps_reached <> reached OR cp.completed_at IS NOT NULL
        AND reached < jsonb_array_length(ev.steps));
    -- The customer's running progress in it, set again from the live earnings and these steps.
    PERFORM challenges_cache_put(ev.participant_id);
    CONTINUE WHEN ev.on_reversal <> 'REVERSE';
    FOR po IN
      SELECT * FROM challenge_payouts p
        WHERE p.participant_id = ev.participant_id AND p.step > reached AND p.reason IS NULL
          AND p.reversed_at IS NULL
        ORDER BY p.step DESC
    LOOP
      IF po.redemption_id IS NOT NULL THEN
        -- A voucher: its redemption cancelled (the code voided or back in the stock).
        PERFORM challenges_cancel_voucher(po.redemption_id);
        UPDATE challenge_payouts p SET reversed_at = now()
          WHERE p.participant_id = po.participant_id AND p.step = po.step;
      ELSE
        r := loyalty_post_entry(p_customer, 'REVERSAL', -po.points, 'challenge-reversal:' || po.challenge_id || ':' || po.step,
          true, NULL, p_occurred_at, p_reversal_of => po.entry_id);
        CONTINUE WHEN r.outcome <> 'POSTED';
        UPDATE challenge_payouts p SET reversal_entry_id = r.entry_id, reversed_at = now()
          WHERE p.participant_id = po.participant_id AND p.step = po.step;
        UPDATE challenge_participants cp SET points_paid = cp.points_paid - po.points WHERE cp.id = po.participant_id;
      END IF;
      UPDATE challenges k SET spent = k.spent - po.points WHERE k.id = po.challenge_id;
    END LOOP;
  END LOOP;
END
$$;
