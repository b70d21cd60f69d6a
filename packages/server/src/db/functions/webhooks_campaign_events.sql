-- campaign.ended: a campaign moving to ENDED, however it got there (its end passed: the schedule
-- job; its budget spent: the earning's batch; staff ended it), in that change's transaction. No
-- customer: the event carries no customer sequence.
CREATE OR REPLACE FUNCTION webhooks_campaign_events() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM webhooks_emit(ARRAY['campaign.ended'], ARRAY[NULL::bigint], ARRAY[jsonb_build_object(
      'campaignId', NEW.id, 'nameEn', NEW.name_en, 'nameAr', NEW.name_ar,
      'reason', coalesce(NEW.ended_reason, 'STAFF'),
      'startsAt', NEW.starts_at, 'endsAt', NEW.ends_at,
      'budget', NEW.budget, 'spent', NEW.spent, 'customersReached', NEW.customers_reached,
      'occurredAt', now())], ARRAY[now()]);
  RETURN NULL;
END $$;

-- The trigger that runs it: only a row whose status becomes ENDED (an earning's UPDATE that
-- leaves a live campaign's status as it was is filtered out by the WHEN, without a call).
CREATE OR REPLACE TRIGGER webhooks_campaign_events
  AFTER UPDATE OF status ON public.campaigns
  FOR EACH ROW WHEN (((new.status = 'ENDED'::text) AND (old.status IS DISTINCT FROM 'ENDED'::text))) EXECUTE FUNCTION webhooks_campaign_events();
