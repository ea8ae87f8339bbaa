-- A picker's names starting with its text (ADR 0150): ranges of the names' lower case, the id
-- after it so that equal names page in a stable order. In the "C" collation whatever the
-- database's, so that a prefix (LIKE 'kel%') is a range of the index and the index gives its order. The name itself is included so that a
-- count of the range reads the index alone (PostgreSQL plans an index-only scan of an
-- expression only when the columns it reads are in the index).
CREATE INDEX IF NOT EXISTS "people_last_name_key_idx" ON "people" USING btree (lower("last_name") COLLATE "C", "id") INCLUDE ("last_name") WHERE "people"."deleted_at" IS NULL;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "organizations_name_key_idx" ON "organizations" USING btree (lower("name") COLLATE "C", "id") INCLUDE ("name") WHERE "organizations"."deleted_at" IS NULL;
