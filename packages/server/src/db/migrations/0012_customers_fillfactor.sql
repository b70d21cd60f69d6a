-- Free space in each page so that a posting's update of a customer's balance is a HOT update
-- (no index is rewritten; see db/schema/customers.ts).
ALTER TABLE "customers" SET (fillfactor = 80);
