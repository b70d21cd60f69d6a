CREATE TABLE "message_insights" (
	"conversation_id" integer PRIMARY KEY NOT NULL,
	"language" text NOT NULL,
	"sentiment" text NOT NULL,
	"sentiment_score" double precision NOT NULL,
	"keywords" text[] NOT NULL,
	"suggested_category_id" integer,
	"confidence" double precision,
	"model_id" integer,
	"created_at" timestamp with time zone NOT NULL,
	"analysed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "nlp_models" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "nlp_models_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"version" integer NOT NULL,
	"classifier" text,
	"metrics" jsonb NOT NULL,
	"categorised" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "nlp_runs" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "nlp_runs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"status" text DEFAULT 'QUEUED' NOT NULL,
	"progress" integer DEFAULT 0 NOT NULL,
	"stage" text DEFAULT 'queued' NOT NULL,
	"model_id" integer,
	"error" text,
	"created_by_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "message_insights" ADD CONSTRAINT "message_insights_conversation_id_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."conversations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message_insights" ADD CONSTRAINT "message_insights_suggested_category_id_message_categories_id_fk" FOREIGN KEY ("suggested_category_id") REFERENCES "public"."message_categories"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "nlp_runs" ADD CONSTRAINT "nlp_runs_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "message_insights_created_idx" ON "message_insights" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "message_insights_lang_created_idx" ON "message_insights" USING btree ("language","created_at");--> statement-breakpoint
CREATE INDEX "nlp_runs_status_idx" ON "nlp_runs" USING btree ("status","id");