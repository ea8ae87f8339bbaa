CREATE TABLE "follow_up_deadline_counts" (
	"completed" boolean NOT NULL,
	"deadline" date NOT NULL,
	"total" integer NOT NULL,
	CONSTRAINT "follow_up_deadline_counts_completed_deadline_pk" PRIMARY KEY("completed","deadline")
);
--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "paid_reminder_due" date GENERATED ALWAYS AS (LEAST(CASE WHEN has_domiciliation THEN domiciliation_paid_reminder END, CASE WHEN has_secretary_company THEN secretary_company_paid_reminder END, CASE WHEN has_anonymous_shareholder THEN anonymous_shareholder_paid_reminder END)) STORED;--> statement-breakpoint
CREATE INDEX "organizations_paid_reminder_due_idx" ON "organizations" USING btree ("paid_reminder_due") WHERE "organizations"."deleted_at" IS NULL;