DROP INDEX "people_first_name_idx";--> statement-breakpoint
DROP INDEX "people_last_name_idx";--> statement-breakpoint
CREATE INDEX "people_first_name_idx" ON "people" USING btree ("first_name","id") WHERE "people"."deleted_at" IS NULL;--> statement-breakpoint
CREATE INDEX "people_last_name_idx" ON "people" USING btree ("last_name","id") WHERE "people"."deleted_at" IS NULL;