-- The audit chain keyed (security finding 10): for each entry, an HMAC-SHA256 of its seq and hash
-- under a key derived from SECRET_KEYS, which the database never holds (platform/audit.ts). Someone
-- who can write to the database can recompute the unkeyed hashes after an edit, but not these.
-- Kept out of the Drizzle schema (raw SQL only) and append-only like the trail itself.
CREATE TABLE "audit_log_macs" (
	"seq" bigint PRIMARY KEY NOT NULL,
	"key_id" text NOT NULL,
	"mac" text NOT NULL
);
--> statement-breakpoint
CREATE TRIGGER audit_log_macs_append_only BEFORE UPDATE OR DELETE ON audit_log_macs
  FOR EACH ROW EXECUTE FUNCTION audit_refuse_change();
--> statement-breakpoint
CREATE TRIGGER audit_log_macs_no_truncate BEFORE TRUNCATE ON audit_log_macs
  FOR EACH STATEMENT EXECUTE FUNCTION audit_refuse_change();
