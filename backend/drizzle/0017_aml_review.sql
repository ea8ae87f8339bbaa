ALTER TABLE "organizations" ADD COLUMN "aml_risk_level" text;--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "aml_next_review" date;--> statement-breakpoint
CREATE INDEX "organizations_aml_risk_level_idx" ON "organizations" USING btree ("aml_risk_level") WHERE "organizations"."deleted_at" IS NULL;--> statement-breakpoint
CREATE INDEX "organizations_aml_next_review_idx" ON "organizations" USING btree ("aml_next_review") WHERE "organizations"."deleted_at" IS NULL;