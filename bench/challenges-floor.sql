-- The floor of a tally design for challenges (issue 53, decisions/challenges.md "Where a batch's
-- time goes"), on a copy of a bench database only: challenges_progress replaced by one statement
-- that records each earning (`challenge_earnings`) and moves one running tally per customer (the
-- customer's progress row rewritten), nothing per challenge; with `ALTER DATABASE <copy> SET
-- floor.record = off`, the tally alone. In isolation, load it into the copy, then run
-- bench/challenges-round.sql there as for the real function:
--   createdb -T <bench db> floor_copy
--   psql -d floor_copy -f bench/challenges-floor.sql
--   psql -d floor_copy -v k=11 -v batches=2000 -v active=true -f bench/challenges-round.sql
-- In `npm run bench -- --ab challenges`: a copy of packages/server/dist with this file as its
-- functions/challenges_progress.sql, and SERVER_ENTRY=<that copy>/main.js (the setting on the
-- database the bench is given, before it starts).
ALTER TABLE challenge_progress ADD COLUMN IF NOT EXISTS tally bigint[] NOT NULL DEFAULT '{0,0}';
CREATE OR REPLACE FUNCTION challenges_progress(
  p_customers bigint[], p_entries bigint[], p_types integer[], p_amounts numeric[], p_at timestamptz[]
) RETURNS integer
LANGUAGE plpgsql AS $$
BEGIN
  IF coalesce(cardinality(p_entries), 0) = 0 OR NOT EXISTS (SELECT 1 FROM challenges ch WHERE ch.status = 'ACTIVE') THEN
    RETURN 0;
  END IF;
  WITH x AS (SELECT * FROM unnest(p_customers, p_entries, p_types, p_amounts, p_at) x (customer, entry, type_id, amount, at)),
  ev AS (INSERT INTO challenge_earnings (entry_id, customer_id, participant_ids, transaction_type_id, amount, day)
    SELECT x.entry, x.customer, '{}', x.type_id, x.amount, (x.at AT TIME ZONE 'UTC')::date FROM x
      WHERE current_setting('floor.record', true) IS DISTINCT FROM 'off' ON CONFLICT DO NOTHING)
  UPDATE challenge_progress cs SET tally = ARRAY[cs.tally[1] + 1, cs.tally[2] + (x.amount * 100)::bigint]
    FROM x WHERE cs.customer_id = x.customer;
  RETURN 0;
END $$;
