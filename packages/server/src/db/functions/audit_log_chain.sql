-- Fills a new audit entry's seq, prev_hash and hash (audit_log_digest), under a transaction-scoped
-- advisory lock, so concurrent writers are chained one after the other in commit order.
CREATE OR REPLACE FUNCTION audit_log_chain() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  last_seq bigint;
  last_hash text;
BEGIN
  PERFORM pg_advisory_xact_lock(727002);
  SELECT seq, hash INTO last_seq, last_hash FROM audit_log ORDER BY seq DESC LIMIT 1;
  NEW.seq := coalesce(last_seq, 0) + 1;
  NEW.prev_hash := last_hash;
  NEW.hash := audit_log_digest(last_hash, NEW);
  RETURN NEW;
END
$$;

-- The trigger that runs it.
CREATE OR REPLACE TRIGGER audit_log_chain
  BEFORE INSERT ON public.audit_log
  FOR EACH ROW EXECUTE FUNCTION audit_log_chain();
