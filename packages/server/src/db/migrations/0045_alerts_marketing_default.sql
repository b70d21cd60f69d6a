-- Marketing alerts: the customers' default (user configurations), and a customer's own choice
-- either way (existing rows are opt-outs).
ALTER TABLE "alert_marketing_opt_outs" ADD COLUMN "opted_out" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "user_configurations" ADD COLUMN "marketing_alerts" text;