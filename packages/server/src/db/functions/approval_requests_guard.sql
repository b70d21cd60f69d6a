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

-- The trigger that runs it.
CREATE OR REPLACE TRIGGER approval_requests_guard
  BEFORE DELETE OR UPDATE ON public.approval_requests
  FOR EACH ROW EXECUTE FUNCTION approval_requests_guard();
