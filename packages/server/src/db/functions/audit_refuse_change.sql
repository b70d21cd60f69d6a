-- Append-only: no path updates, deletes or truncates the trail.
CREATE OR REPLACE FUNCTION audit_refuse_change() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION '% is append-only: % refused', TG_TABLE_NAME, TG_OP USING ERRCODE = 'insufficient_privilege';
END
$$;

-- The triggers that run it.
CREATE OR REPLACE TRIGGER approval_requests_no_truncate
  BEFORE TRUNCATE ON public.approval_requests
  FOR EACH STATEMENT EXECUTE FUNCTION audit_refuse_change();
CREATE OR REPLACE TRIGGER audit_log_append_only
  BEFORE DELETE OR UPDATE ON public.audit_log
  FOR EACH ROW EXECUTE FUNCTION audit_refuse_change();
CREATE OR REPLACE TRIGGER audit_log_macs_append_only
  BEFORE DELETE OR UPDATE ON public.audit_log_macs
  FOR EACH ROW EXECUTE FUNCTION audit_refuse_change();
CREATE OR REPLACE TRIGGER audit_log_macs_no_truncate
  BEFORE TRUNCATE ON public.audit_log_macs
  FOR EACH STATEMENT EXECUTE FUNCTION audit_refuse_change();
CREATE OR REPLACE TRIGGER audit_log_no_truncate
  BEFORE TRUNCATE ON public.audit_log
  FOR EACH STATEMENT EXECUTE FUNCTION audit_refuse_change();
