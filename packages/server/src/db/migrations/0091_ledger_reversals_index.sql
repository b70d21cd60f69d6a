-- A replay step reads its customers' reversals (replays_history) through this index, not every entry of
-- theirs (55 of a 5,000-customer step's 250 ms of history, docs/performance.md "Replay over history").
-- Partial: only reversals are in it, so posting an earning does not write it.
CREATE INDEX "ledger_reversals_idx" ON "ledger_entries" USING btree ("customer_id","reversal_of") WHERE "ledger_entries"."reversal_of" is not null;