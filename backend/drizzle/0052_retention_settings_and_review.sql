CREATE TABLE "retention_reviews" (
	"single" boolean PRIMARY KEY DEFAULT true NOT NULL,
	"prepared_at" timestamp with time zone NOT NULL,
	"prepared_by_name" text,
	"people" jsonb NOT NULL,
	"prospects" jsonb NOT NULL,
	"mail_bodies_before" timestamp with time zone NOT NULL,
	"job_day" date,
	CONSTRAINT "retention_reviews_single" CHECK ("retention_reviews"."single")
);
--> statement-breakpoint
ALTER TABLE "data_exports" ALTER COLUMN "person_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "body_erased_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "forms" ADD COLUMN "kept" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "firm_settings" ADD COLUMN "aml_retention_years" integer DEFAULT 5 NOT NULL;--> statement-breakpoint
ALTER TABLE "firm_settings" ADD COLUMN "prospect_retention_months" integer DEFAULT 12 NOT NULL;--> statement-breakpoint
ALTER TABLE "firm_settings" ADD COLUMN "mail_body_retention_months" integer DEFAULT 60 NOT NULL;--> statement-breakpoint
ALTER TABLE "data_exports" ADD COLUMN "subject_mail" text;