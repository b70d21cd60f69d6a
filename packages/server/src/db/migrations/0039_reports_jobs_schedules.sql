CREATE TABLE "report_runs" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "report_runs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"report" text NOT NULL,
	"from" date NOT NULL,
	"to" date NOT NULL,
	"format" text NOT NULL,
	"status" text DEFAULT 'QUEUED' NOT NULL,
	"progress" smallint DEFAULT 0 NOT NULL,
	"rows" integer,
	"file_name" text,
	"file" "bytea",
	"error" text,
	"created_by_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	CONSTRAINT "report_runs_progress_check" CHECK ("report_runs"."progress" between 0 and 100)
);
--> statement-breakpoint
CREATE TABLE "report_schedules" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "report_schedules_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"title" text NOT NULL,
	"report" text NOT NULL,
	"frequency" text NOT NULL,
	"format" text NOT NULL,
	"recipient_ids" integer[] NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"next_run_at" timestamp with time zone NOT NULL,
	"last_sent_at" timestamp with time zone,
	"last_period" text,
	"created_by_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "outbound_mail_attachments" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "outbound_mail_attachments_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"mail_id" integer NOT NULL,
	"file_name" text NOT NULL,
	"content_type" text NOT NULL,
	"content" "bytea" NOT NULL
);
--> statement-breakpoint
ALTER TABLE "report_runs" ADD CONSTRAINT "report_runs_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_schedules" ADD CONSTRAINT "report_schedules_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "outbound_mail_attachments" ADD CONSTRAINT "outbound_mail_attachments_mail_id_outbound_mail_id_fk" FOREIGN KEY ("mail_id") REFERENCES "public"."outbound_mail"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "report_runs_queued_idx" ON "report_runs" USING btree ("id") WHERE "report_runs"."status" = 'QUEUED';--> statement-breakpoint
CREATE INDEX "report_runs_owner_idx" ON "report_runs" USING btree ("created_by_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "report_schedules_title_key" ON "report_schedules" USING btree (lower("title"));--> statement-breakpoint
CREATE INDEX "report_schedules_title_idx" ON "report_schedules" USING btree ("title");--> statement-breakpoint
CREATE INDEX "report_schedules_created_at_idx" ON "report_schedules" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "report_schedules_due_idx" ON "report_schedules" USING btree ("next_run_at") WHERE "report_schedules"."active";--> statement-breakpoint
CREATE INDEX "outbound_mail_attachments_mail_idx" ON "outbound_mail_attachments" USING btree ("mail_id");