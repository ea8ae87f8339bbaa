ALTER TABLE "imports" ADD COLUMN "check_progress" double precision DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "imports" ADD COLUMN "check_result" jsonb;--> statement-breakpoint
CREATE INDEX "imports_checking_idx" ON "imports" USING btree ("status") WHERE "imports"."status" = 'checking';