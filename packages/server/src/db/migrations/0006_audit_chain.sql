-- The audit trail is a hash chain: each entry stores the hash of the previous entry's hash and
-- its own canonical content. A trigger fills seq, prev_hash and hash under a transaction-scoped
-- advisory lock, so concurrent writers are chained one after the other in commit order.
CREATE OR REPLACE FUNCTION audit_log_digest(prev text, r audit_log) RETURNS text
LANGUAGE sql STABLE AS $$
  SELECT encode(sha256(convert_to(coalesce(prev, '') || jsonb_build_array(
    r.seq, to_char(r.at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"'),
    r.actor_id, r.actor_username, r.on_behalf_of, r.ip, r.visitor_id, r.request_id,
    r.command, r.outcome, r.target_type, r.target_id, r.approval_request_id,
    r.before, r.after, r.detail
  )::text, 'UTF8')), 'hex')
$$;
--> statement-breakpoint
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
--> statement-breakpoint
-- Entries written before the chain existed are chained in id order.
DO $$
DECLARE
  r audit_log;
  prev text;
  n bigint := 0;
BEGIN
  FOR r IN SELECT * FROM audit_log ORDER BY id LOOP
    n := n + 1;
    r.seq := n;
    UPDATE audit_log SET seq = n, prev_hash = prev, hash = audit_log_digest(prev, r)
      WHERE id = r.id RETURNING hash INTO prev;
  END LOOP;
END
$$;
--> statement-breakpoint
ALTER TABLE audit_log ALTER COLUMN seq SET NOT NULL;
--> statement-breakpoint
ALTER TABLE audit_log ALTER COLUMN hash SET NOT NULL;
--> statement-breakpoint
CREATE TRIGGER audit_log_chain BEFORE INSERT ON audit_log
  FOR EACH ROW EXECUTE FUNCTION audit_log_chain();
--> statement-breakpoint
-- Append-only: no path updates, deletes or truncates the trail.
CREATE OR REPLACE FUNCTION audit_refuse_change() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION '% is append-only: % refused', TG_TABLE_NAME, TG_OP USING ERRCODE = 'insufficient_privilege';
END
$$;
--> statement-breakpoint
CREATE TRIGGER audit_log_append_only BEFORE UPDATE OR DELETE ON audit_log
  FOR EACH ROW EXECUTE FUNCTION audit_refuse_change();
--> statement-breakpoint
CREATE TRIGGER audit_log_no_truncate BEFORE TRUNCATE ON audit_log
  FOR EACH STATEMENT EXECUTE FUNCTION audit_refuse_change();
--> statement-breakpoint
-- Approval requests are kept forever, and a decided request never changes again.
CREATE OR REPLACE FUNCTION approval_requests_guard() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' OR OLD.status <> 'PENDING' THEN
    RAISE EXCEPTION 'approval request % is kept as it is (%): % refused', OLD.id, OLD.status, TG_OP
      USING ERRCODE = 'insufficient_privilege';
  END IF;
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER approval_requests_guard BEFORE UPDATE OR DELETE ON approval_requests
  FOR EACH ROW EXECUTE FUNCTION approval_requests_guard();
--> statement-breakpoint
CREATE TRIGGER approval_requests_no_truncate BEFORE TRUNCATE ON approval_requests
  FOR EACH STATEMENT EXECUTE FUNCTION audit_refuse_change();
--> statement-breakpoint
-- The one-row settings tables start with their defaults.
INSERT INTO maker_checker_config (id) VALUES (1) ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO system_log_settings (id) VALUES (1) ON CONFLICT DO NOTHING;
