-- Issue 15: with campaigns on, `bench --ab campaigns --campaigns 20` lost 40-50 % of earns/s and
-- the database's CPU per earning more than tripled under concurrency (one connection alone: +56 us).
-- perf (2026-11-26): GetMultiXactIdMembers under HeapTupleSatisfiesVisibility, from the foreign-key
-- checks of the campaign_customers and campaign_awards inserts. Each check locks the campaign row
-- FOR KEY SHARE; many batches at once, and each batch's budget update of that row, made its locker
-- a multixact every later check and read had to resolve. Only a draft campaign, which has no
-- awards and reached nobody, can be deleted (campaigns.service.ts), so the keys guarded nothing.
ALTER TABLE "campaign_awards" DROP CONSTRAINT "campaign_awards_campaign_id_campaigns_id_fk";
--> statement-breakpoint
ALTER TABLE "campaign_customers" DROP CONSTRAINT "campaign_customers_campaign_id_campaigns_id_fk";
