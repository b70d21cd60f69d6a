CREATE TABLE "service_definitions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "service_definitions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"service" text NOT NULL,
	"name_en" text NOT NULL,
	"name_ar" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"channels" text[] NOT NULL,
	"daily_count_limit" integer,
	"daily_points_limit" integer,
	"status" text DEFAULT 'ACTIVE' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "service_definitions_count_check" CHECK ("service_definitions"."daily_count_limit" IS NULL OR "service_definitions"."daily_count_limit" > 0),
	CONSTRAINT "service_definitions_points_check" CHECK ("service_definitions"."daily_points_limit" IS NULL OR "service_definitions"."daily_points_limit" > 0)
);
--> statement-breakpoint
CREATE TABLE "service_usage" (
	"customer_id" bigint NOT NULL,
	"service" text NOT NULL,
	"day" date NOT NULL,
	"count" integer NOT NULL,
	"points" bigint NOT NULL,
	CONSTRAINT "service_usage_customer_id_service_day_pk" PRIMARY KEY("customer_id","service","day")
);
--> statement-breakpoint
ALTER TABLE "service_usage" ADD CONSTRAINT "service_usage_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "service_definitions_service_key" ON "service_definitions" USING btree ("service");--> statement-breakpoint
CREATE INDEX "service_usage_day_idx" ON "service_usage" USING btree ("day");