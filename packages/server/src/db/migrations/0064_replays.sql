CREATE TABLE "replays" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "replays_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"command" text NOT NULL,
	"target_id" integer,
	"input" jsonb,
	"from" date NOT NULL,
	"to" date NOT NULL,
	"status" text DEFAULT 'QUEUED' NOT NULL,
	"progress" smallint DEFAULT 0 NOT NULL,
	"result" jsonb,
	"error" text,
	"created_by_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	CONSTRAINT "replays_progress_check" CHECK ("replays"."progress" between 0 and 100)
);
--> statement-breakpoint
ALTER TABLE "replays" ADD CONSTRAINT "replays_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "replays_queued_idx" ON "replays" USING btree ("id") WHERE "replays"."status" = 'QUEUED';