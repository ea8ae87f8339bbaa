-- Search buckets (ADR 0156): each person, organization and order is numbered into buckets of
-- 20 000 rows in the order it was written, and the bucket is the first column of the table's
-- trigram index (btree_gin, migration 0056), so that a text's matches can be read one bucket at a
-- time and a count stopping at its bound reads the same few buckets whatever the book's size.
-- Adding the column with its volatile default rewrites each table once, numbering the existing
-- rows in their order on disk, without an update: no trigger runs, the history records nothing,
-- and no dead row is left behind.
CREATE SEQUENCE "public"."people_search_bucket_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE SEQUENCE "public"."organizations_search_bucket_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE SEQUENCE "public"."orders_search_bucket_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
DROP INDEX "people_search_text_trgm_idx";--> statement-breakpoint
DROP INDEX "organizations_search_text_trgm_idx";--> statement-breakpoint
DROP INDEX "orders_search_text_trgm_idx";--> statement-breakpoint
ALTER TABLE "people" ADD COLUMN "search_bucket" integer DEFAULT (nextval('people_search_bucket_seq'::regclass) / 20000) NOT NULL;--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "search_bucket" integer DEFAULT (nextval('organizations_search_bucket_seq'::regclass) / 20000) NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "search_bucket" integer DEFAULT (nextval('orders_search_bucket_seq'::regclass) / 20000) NOT NULL;--> statement-breakpoint
CREATE INDEX "people_search_bucket_text_idx" ON "people" USING gin ("search_bucket","search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "organizations_search_bucket_text_idx" ON "organizations" USING gin ("search_bucket","search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "orders_search_bucket_text_idx" ON "orders" USING gin ("search_bucket","search_text" gin_trgm_ops);