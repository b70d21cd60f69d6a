CREATE TABLE "campaign_awards" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "campaign_awards_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"campaign_id" integer NOT NULL,
	"entry_id" bigint NOT NULL,
	"customer_id" bigint NOT NULL,
	"points" integer NOT NULL,
	"occurred_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "campaign_customers" (
	"campaign_id" integer NOT NULL,
	"customer_id" bigint NOT NULL,
	"points" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "campaign_customers_campaign_id_customer_id_pk" PRIMARY KEY("campaign_id","customer_id"),
	CONSTRAINT "campaign_customers_points_check" CHECK ("campaign_customers"."points" >= 0)
);
--> statement-breakpoint
CREATE TABLE "campaigns" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "campaigns_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name_en" text NOT NULL,
	"name_ar" text NOT NULL,
	"description_en" text DEFAULT '' NOT NULL,
	"description_ar" text DEFAULT '' NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"days_of_week" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"hour_from" integer,
	"hour_to" integer,
	"tier_ids" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"segments" text[] DEFAULT '{}'::text[] NOT NULL,
	"criterion_ids" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"customer_numbers" text[] DEFAULT '{}'::text[] NOT NULL,
	"transaction_type_ids" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"bonus_kind" text NOT NULL,
	"bonus_value" numeric(12, 2) NOT NULL,
	"per_amount" numeric(14, 2),
	"customer_cap" integer,
	"budget" integer NOT NULL,
	"spent" integer DEFAULT 0 NOT NULL,
	"customers_reached" integer DEFAULT 0 NOT NULL,
	"stackable" boolean DEFAULT false NOT NULL,
	"priority" integer DEFAULT 100 NOT NULL,
	"status" text DEFAULT 'DRAFT' NOT NULL,
	"ended_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "campaigns_budget_check" CHECK ("campaigns"."budget" > 0 AND "campaigns"."spent" >= 0 AND "campaigns"."spent" <= "campaigns"."budget"),
	CONSTRAINT "campaigns_period_check" CHECK ("campaigns"."ends_at" > "campaigns"."starts_at")
);
--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD COLUMN "bonus_points" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "campaign_awards" ADD CONSTRAINT "campaign_awards_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_customers" ADD CONSTRAINT "campaign_customers_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_customers" ADD CONSTRAINT "campaign_customers_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "campaign_awards_campaign_idx" ON "campaign_awards" USING btree ("campaign_id","occurred_at");--> statement-breakpoint
CREATE INDEX "campaign_awards_entry_idx" ON "campaign_awards" USING btree ("entry_id");--> statement-breakpoint
CREATE INDEX "campaigns_status_idx" ON "campaigns" USING btree ("status","starts_at");