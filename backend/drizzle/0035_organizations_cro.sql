-- An import finds the organizations of the book by CRO number, a thousand at a time: without an
-- index each batch would read every organization.
CREATE INDEX IF NOT EXISTS "organizations_cro_idx" ON "organizations" USING btree ("cro") WHERE "organizations"."deleted_at" IS NULL AND "organizations"."cro" IS NOT NULL;
