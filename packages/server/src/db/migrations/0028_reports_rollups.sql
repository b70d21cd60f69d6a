CREATE TABLE "reports_active_customers_daily" (
	"day" date PRIMARY KEY NOT NULL,
	"customers" integer NOT NULL,
	"computed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "reports_ledger_daily" (
	"day" date NOT NULL,
	"kind" text NOT NULL,
	"transaction_type_id" integer NOT NULL,
	"shard" smallint NOT NULL,
	"entries" bigint NOT NULL,
	"points_in" bigint NOT NULL,
	"points_out" bigint NOT NULL,
	CONSTRAINT "reports_ledger_daily_day_kind_transaction_type_id_shard_pk" PRIMARY KEY("day","kind","transaction_type_id","shard")
);
--> statement-breakpoint
CREATE TABLE "report_settings" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"point_value" numeric(12, 6) DEFAULT 0.05 NOT NULL,
	"currency" text DEFAULT 'SAR' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "report_settings_single_row" CHECK ("report_settings"."id" = 1),
	CONSTRAINT "report_settings_point_value" CHECK ("report_settings"."point_value" >= 0)
);
