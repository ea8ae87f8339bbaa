-- A copy of the organization's search text on each follow-up, in one GIN index with the type
-- (ADR 0151): a type and an organization's name are intersected in the index, without a heap
-- page per named organization. btree_gin lets a GIN index hold the type beside the trigrams.
-- The triggers that keep the copy, and the rebuild that fills it for the existing follow-ups
-- once the history leaves it out, are database rules (routines/follow-up-search.sql).
CREATE EXTENSION IF NOT EXISTS btree_gin;--> statement-breakpoint
ALTER TABLE "follow_ups" ADD COLUMN "organization_search_text" text DEFAULT '' NOT NULL;--> statement-breakpoint
-- As many sampled values as the organizations' own search text (migration 0053).
ALTER TABLE "follow_ups" ALTER COLUMN "organization_search_text" SET STATISTICS 1000;--> statement-breakpoint
CREATE INDEX "follow_ups_active_name_organization_text_idx" ON "follow_ups" USING gin ("name","organization_search_text" gin_trgm_ops) WHERE "follow_ups"."archived_at" IS NULL AND "follow_ups"."deleted_at" IS NULL;
