CREATE TABLE "household_members" (
	"household_id" integer NOT NULL,
	"customer_id" bigint NOT NULL,
	"role" text NOT NULL,
	"consented_at" timestamp with time zone,
	"consent_channel" text,
	"added_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "household_members_household_id_customer_id_pk" PRIMARY KEY("household_id","customer_id")
);
--> statement-breakpoint
CREATE TABLE "household_transfers" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "household_transfers_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"household_id" integer NOT NULL,
	"from_customer_id" bigint NOT NULL,
	"to_customer_id" bigint NOT NULL,
	"points" integer NOT NULL,
	"channel" text,
	"api_key_id" integer,
	"external_id" text,
	"debit_entry_id" bigint NOT NULL,
	"credit_entry_id" bigint NOT NULL,
	"expires_at" timestamp with time zone,
	"created_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "households" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "households_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" text DEFAULT '' NOT NULL,
	"head_customer_id" bigint NOT NULL,
	"created_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "household_members" ADD CONSTRAINT "household_members_household_id_households_id_fk" FOREIGN KEY ("household_id") REFERENCES "public"."households"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "household_members" ADD CONSTRAINT "household_members_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "household_transfers" ADD CONSTRAINT "household_transfers_household_id_households_id_fk" FOREIGN KEY ("household_id") REFERENCES "public"."households"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "household_transfers" ADD CONSTRAINT "household_transfers_from_customer_id_customers_id_fk" FOREIGN KEY ("from_customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "household_transfers" ADD CONSTRAINT "household_transfers_to_customer_id_customers_id_fk" FOREIGN KEY ("to_customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "household_transfers" ADD CONSTRAINT "household_transfers_debit_entry_id_ledger_entries_id_fk" FOREIGN KEY ("debit_entry_id") REFERENCES "public"."ledger_entries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "household_transfers" ADD CONSTRAINT "household_transfers_credit_entry_id_ledger_entries_id_fk" FOREIGN KEY ("credit_entry_id") REFERENCES "public"."ledger_entries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "households" ADD CONSTRAINT "households_head_customer_id_customers_id_fk" FOREIGN KEY ("head_customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "household_members_customer_key" ON "household_members" USING btree ("customer_id");--> statement-breakpoint
CREATE UNIQUE INDEX "household_transfers_external_key" ON "household_transfers" USING btree (coalesce("channel", ''),"external_id") WHERE "household_transfers"."external_id" is not null;--> statement-breakpoint
CREATE INDEX "household_transfers_from_idx" ON "household_transfers" USING btree ("from_customer_id","created_at");--> statement-breakpoint
CREATE INDEX "household_transfers_household_idx" ON "household_transfers" USING btree ("household_id","id");