DROP INDEX "organizations_next_ar_reminder_idx";--> statement-breakpoint
CREATE INDEX "organizations_next_ar_reminder_idx" ON "organizations" USING btree ("next_ar_reminder","id") WHERE "organizations"."deleted_at" IS NULL;--> statement-breakpoint
-- A thousand sampled values per search text instead of a hundred: a common text ("murphy", 2 %
-- of the people) was estimated at 0.01 % on a larger book, and the page then sorted every match
-- instead of walking the created-at index for 25 of them (ADR 0149).
ALTER TABLE "people" ALTER COLUMN "search_text" SET STATISTICS 1000;--> statement-breakpoint
ALTER TABLE "organizations" ALTER COLUMN "search_text" SET STATISTICS 1000;--> statement-breakpoint
ALTER TABLE "orders" ALTER COLUMN "search_text" SET STATISTICS 1000;--> statement-breakpoint
ANALYZE "people" ("search_text");--> statement-breakpoint
ANALYZE "organizations" ("search_text");--> statement-breakpoint
ANALYZE "orders" ("search_text");
