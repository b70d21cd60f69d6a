-- The challenges' part of an earning batch in isolation (issue 53): the backend CPU of
-- challenges_progress per batch of :k distinct bench customers' earnings, one commit per batch (each
-- batch also inserts a row of its own, so every variant commits a write as an earning batch does),
-- the targets x1000 so that only progress moves (no step paid). Run it on a copy of a database a
-- `npm run bench -- --ab challenges` run left (2,000 bench customers, its 10 challenges), since it
-- activates them and changes their targets:
--   createdb -T <bench db> round_copy
--   psql -d round_copy -v k=11 -v batches=2000 -v active=true -f bench/challenges-round.sql
-- `active=false` pauses them instead: the batch's cost without challenges, to subtract.
\set QUIET on
\set ON_ERROR_STOP on
-- 2,000 batches of :k distinct bench customers (`g > 0` ties the subquery to its row: drawn anew each).
CREATE TABLE round_batches AS
  SELECT g AS n, (SELECT array_agg(c.id) FROM (SELECT id FROM customers
      WHERE customer_number LIKE 'BENCH-%' AND g > 0 ORDER BY random() LIMIT :k) c) AS customers
    FROM generate_series(1, 2000) g;
ALTER TABLE round_batches ADD PRIMARY KEY (n);
CREATE TABLE round_commits (x integer);
CREATE SEQUENCE round_entries START 1000000000000;
UPDATE challenges SET status = CASE WHEN :active THEN 'ACTIVE' ELSE 'PAUSED' END,
    steps = (SELECT jsonb_agg(jsonb_set(s, '{target}', to_jsonb((s ->> 'target')::numeric * 1000)))
      FROM jsonb_array_elements(steps) s)
  WHERE name_en LIKE 'Bench challenge%';
-- A copied database's first reads set its rows' hint bits (writes): done here, not in the batches.
VACUUM (ANALYZE) customers, challenges, challenge_progress, challenge_participants, challenge_earnings;
SELECT set_config('round.k', :'k', false), set_config('round.batches', :'batches', false);
\set QUIET off
DO $$
DECLARE
  k integer := current_setting('round.k')::integer;
  type_id integer := (SELECT id FROM transaction_types WHERE code = 'BENCH_SPEND');
  cpu0 bigint;
  wall0 timestamptz;
  batches integer := current_setting('round.batches')::integer;
  stat text[];
  j integer;
BEGIN
  -- CPU ticks (utime + stime, at Linux's 100 a second) of this backend, from /proc, after 50 batches.
  FOR i IN 1 .. 50 + batches LOOP
    IF i = 51 THEN
      stat := regexp_split_to_array(split_part(pg_read_file('/proc/self/stat'), ') ', 2), ' ');
      cpu0 := stat[12]::bigint + stat[13]::bigint;
      wall0 := clock_timestamp();
    END IF;
    j := 1 + (random() * 1999)::integer;  -- once a batch (in the WHERE it would be drawn each row)
    INSERT INTO round_commits VALUES (1);
    PERFORM challenges_progress(b.customers, ARRAY(SELECT nextval('round_entries') FROM generate_series(1, k)),
        array_fill(type_id, ARRAY[k]), array_fill(250.00::numeric, ARRAY[k]), array_fill(now(), ARRAY[k]))
      FROM round_batches b WHERE b.n = j;
    COMMIT;
  END LOOP;
  stat := regexp_split_to_array(split_part(pg_read_file('/proc/self/stat'), ') ', 2), ' ');
  RAISE NOTICE 'batches of % earnings: backend CPU % ms a batch, wall % ms', k,
    round((stat[12]::bigint + stat[13]::bigint - cpu0) * 10.0 / batches, 3),
    round(extract(epoch FROM clock_timestamp() - wall0)::numeric * 1000 / batches, 3);
END
$$;
