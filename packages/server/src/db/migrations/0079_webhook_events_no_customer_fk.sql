ALTER TABLE "webhook_events" DROP CONSTRAINT "webhook_events_customer_id_customers_id_fk";
