CREATE TABLE "churn_models" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "churn_models_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"version" integer NOT NULL,
	"active" boolean DEFAULT false NOT NULL,
	"horizon_days" integer NOT NULL,
	"train_cutoffs" jsonb NOT NULL,
	"test_cutoff" timestamp with time zone NOT NULL,
	"train_rows" integer NOT NULL,
	"test_rows" integer NOT NULL,
	"train_churn_rate" double precision NOT NULL,
	"test_churn_rate" double precision NOT NULL,
	"sampled" boolean NOT NULL,
	"parameters" jsonb NOT NULL,
	"metrics" jsonb NOT NULL,
	"run_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "churn_scores" (
	"customer_id" bigint NOT NULL,
	"model_id" integer NOT NULL,
	"customer_number" text NOT NULL,
	"full_name" text NOT NULL,
	"tier_id" integer,
	"tier_name" text,
	"segment" text NOT NULL,
	"score" double precision NOT NULL,
	"rank" integer NOT NULL,
	"band" text NOT NULL,
	"drivers" jsonb NOT NULL,
	"scored_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "churn_scores_customer_id_pk" PRIMARY KEY("customer_id")
);
--> statement-breakpoint
CREATE TABLE "churn_training_runs" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "churn_training_runs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"status" text DEFAULT 'QUEUED' NOT NULL,
	"progress" integer DEFAULT 0 NOT NULL,
	"stage" text DEFAULT 'queued' NOT NULL,
	"horizon_days" integer NOT NULL,
	"model_id" integer,
	"error" text,
	"created_by_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "churn_training_runs" ADD CONSTRAINT "churn_training_runs_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "churn_models_version_key" ON "churn_models" USING btree ("version");--> statement-breakpoint
CREATE UNIQUE INDEX "churn_models_one_active" ON "churn_models" USING btree ("active") WHERE "churn_models"."active";--> statement-breakpoint
CREATE INDEX "churn_scores_rank_idx" ON "churn_scores" USING btree ("rank");--> statement-breakpoint
CREATE INDEX "churn_scores_band_idx" ON "churn_scores" USING btree ("band","rank");--> statement-breakpoint
CREATE INDEX "churn_scores_tier_idx" ON "churn_scores" USING btree ("tier_id","rank");--> statement-breakpoint
CREATE INDEX "churn_scores_segment_idx" ON "churn_scores" USING btree ("segment","rank");--> statement-breakpoint
CREATE INDEX "churn_scores_number_idx" ON "churn_scores" USING btree ("customer_number");--> statement-breakpoint
CREATE INDEX "churn_training_runs_status_idx" ON "churn_training_runs" USING btree ("status","id");