CREATE TABLE "outbound_deliveries" (
	"id" bigint PRIMARY KEY DEFAULT nextval('conversation_entries_id_seq') NOT NULL,
	"outbound_id" integer NOT NULL,
	"customer_id" bigint NOT NULL,
	"status" text NOT NULL,
	"reason" text,
	"in_app" boolean NOT NULL,
	"email" boolean NOT NULL,
	"subject" text NOT NULL,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"read_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "outbound_messages" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "outbound_messages_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"subject_en" text NOT NULL,
	"subject_ar" text NOT NULL,
	"body_en" text NOT NULL,
	"body_ar" text NOT NULL,
	"template_id" integer,
	"audience_kind" text NOT NULL,
	"audience" jsonb NOT NULL,
	"up_to_customer_id" bigint,
	"in_app" boolean NOT NULL,
	"email" boolean NOT NULL,
	"status" text DEFAULT 'QUEUED' NOT NULL,
	"total" integer NOT NULL,
	"processed" integer DEFAULT 0 NOT NULL,
	"sent" integer DEFAULT 0 NOT NULL,
	"skipped" integer DEFAULT 0 NOT NULL,
	"failed" integer DEFAULT 0 NOT NULL,
	"cursor" bigint DEFAULT 0 NOT NULL,
	"created_by_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "outbound_messages_channel_check" CHECK ("outbound_messages"."in_app" or "outbound_messages"."email")
);
--> statement-breakpoint
CREATE TABLE "outbound_recipients" (
	"outbound_id" integer PRIMARY KEY NOT NULL,
	"customer_ids" bigint[] NOT NULL
);
--> statement-breakpoint
ALTER TABLE "outbound_deliveries" ADD CONSTRAINT "outbound_deliveries_outbound_id_outbound_messages_id_fk" FOREIGN KEY ("outbound_id") REFERENCES "public"."outbound_messages"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "outbound_deliveries" ADD CONSTRAINT "outbound_deliveries_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "outbound_messages" ADD CONSTRAINT "outbound_messages_template_id_message_templates_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."message_templates"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "outbound_messages" ADD CONSTRAINT "outbound_messages_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "outbound_recipients" ADD CONSTRAINT "outbound_recipients_outbound_id_outbound_messages_id_fk" FOREIGN KEY ("outbound_id") REFERENCES "public"."outbound_messages"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "outbound_deliveries_outbound_customer_key" ON "outbound_deliveries" USING btree ("outbound_id","customer_id");--> statement-breakpoint
CREATE INDEX "outbound_deliveries_customer_idx" ON "outbound_deliveries" USING btree ("customer_id","id");--> statement-breakpoint
CREATE INDEX "outbound_deliveries_outbound_status_idx" ON "outbound_deliveries" USING btree ("outbound_id","status","reason");--> statement-breakpoint
CREATE INDEX "outbound_messages_status_idx" ON "outbound_messages" USING btree ("status","id");--> statement-breakpoint
CREATE INDEX "outbound_messages_created_idx" ON "outbound_messages" USING btree ("created_at","id");