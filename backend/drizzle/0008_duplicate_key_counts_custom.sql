-- The duplicate-key counts (ADR 0080): one row per key shared by live records, kept in the same
-- transaction as the change by a trigger on each table that carries a duplicate key.
CREATE OR REPLACE FUNCTION registra_duplicate_key_count() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  old_key text;
  new_key text;
BEGIN
  IF TG_OP <> 'INSERT' AND OLD.deleted_at IS NULL AND OLD.duplicate_key <> '' THEN
    old_key := OLD.duplicate_key;
  END IF;
  IF TG_OP <> 'DELETE' AND NEW.deleted_at IS NULL AND NEW.duplicate_key <> '' THEN
    new_key := NEW.duplicate_key;
  END IF;
  IF old_key IS NOT DISTINCT FROM new_key THEN
    RETURN NULL;
  END IF;
  IF old_key IS NOT NULL THEN
    UPDATE duplicate_key_counts SET total = total - 1
      WHERE record_type = TG_TABLE_NAME AND key = old_key;
    DELETE FROM duplicate_key_counts
      WHERE record_type = TG_TABLE_NAME AND key = old_key AND total <= 0;
  END IF;
  IF new_key IS NOT NULL THEN
    INSERT INTO duplicate_key_counts (record_type, key, total) VALUES (TG_TABLE_NAME, new_key, 1)
      ON CONFLICT (record_type, key) DO UPDATE SET total = duplicate_key_counts.total + 1;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- Counts everything again from the tables: after a bulk load made with triggers off (the large
-- book), and once here for the records that exist already.
CREATE OR REPLACE FUNCTION registra_rebuild_duplicate_key_counts() RETURNS void
LANGUAGE sql AS $$
  DELETE FROM duplicate_key_counts;
  INSERT INTO duplicate_key_counts (record_type, key, total)
    SELECT 'people', duplicate_key, count(*) FROM people
      WHERE deleted_at IS NULL AND duplicate_key <> '' GROUP BY duplicate_key;
  INSERT INTO duplicate_key_counts (record_type, key, total)
    SELECT 'organizations', duplicate_key, count(*) FROM organizations
      WHERE deleted_at IS NULL AND duplicate_key <> '' GROUP BY duplicate_key;
$$;
--> statement-breakpoint
CREATE TRIGGER people_duplicate_key_count
  AFTER INSERT OR DELETE OR UPDATE OF duplicate_key, deleted_at ON people
  FOR EACH ROW EXECUTE FUNCTION registra_duplicate_key_count();
--> statement-breakpoint
CREATE TRIGGER organizations_duplicate_key_count
  AFTER INSERT OR DELETE OR UPDATE OF duplicate_key, deleted_at ON organizations
  FOR EACH ROW EXECUTE FUNCTION registra_duplicate_key_count();
--> statement-breakpoint
SELECT registra_rebuild_duplicate_key_counts();
--> statement-breakpoint
-- A group's members in the modal's order with the fields it shows: read from the index alone.
CREATE INDEX IF NOT EXISTS people_duplicate_members_idx
  ON people (duplicate_key, created_at, id) INCLUDE (first_name, last_name, mail)
  WHERE deleted_at IS NULL;
