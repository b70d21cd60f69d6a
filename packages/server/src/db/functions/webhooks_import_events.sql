-- import.finished: an import whose posting ended (DONE) or stopped on an error (FAILED), raised in
-- the transaction of the job's batch that set the status. No customer: no customer sequence.
CREATE OR REPLACE FUNCTION webhooks_import_events() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM webhooks_emit(ARRAY['import.finished'], ARRAY[NULL::bigint], ARRAY[jsonb_build_object(
      'importId', NEW.id, 'kind', NEW.kind, 'fileName', NEW.file_name, 'status', NEW.status,
      'lines', NEW.lines, 'invalidLines', NEW.invalid_lines, 'posted', NEW.posted,
      'duplicates', NEW.duplicates, 'refused', NEW.refused, 'points', NEW.points,
      'error', NEW.error, 'occurredAt', now())], ARRAY[now()]);
  RETURN NULL;
END $$;

-- The trigger that runs it: only a row whose status becomes DONE or FAILED (the job's batches
-- that leave an import POSTING are filtered out by the WHEN, without a call).
CREATE OR REPLACE TRIGGER webhooks_import_events
  AFTER UPDATE OF status ON public.imports
  FOR EACH ROW WHEN (((new.status = ANY (ARRAY['DONE'::text, 'FAILED'::text])) AND (old.status IS DISTINCT FROM new.status))) EXECUTE FUNCTION webhooks_import_events();
