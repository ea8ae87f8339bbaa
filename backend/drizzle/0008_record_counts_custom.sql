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
--> statement-breakpoint
-- Live rows per table (ADR 0081): +1/-1 on insert, delete, soft delete and restore, in the
-- change's transaction. One row per table, so concurrent inserts into one table queue on it for
-- the instant of their commit.
CREATE OR REPLACE FUNCTION registra_live_count() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  delta integer := 0;
BEGIN
  IF TG_OP <> 'INSERT' AND OLD.deleted_at IS NULL THEN
    delta := delta - 1;
  END IF;
  IF TG_OP <> 'DELETE' AND NEW.deleted_at IS NULL THEN
    delta := delta + 1;
  END IF;
  IF delta <> 0 THEN
    INSERT INTO live_record_counts (table_name, total) VALUES (TG_TABLE_NAME, delta)
      ON CONFLICT (table_name) DO UPDATE SET total = live_record_counts.total + delta;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION registra_live_count_rebuild(target text) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
  live bigint;
BEGIN
  EXECUTE format('SELECT count(*) FROM %I WHERE deleted_at IS NULL', target) INTO live;
  INSERT INTO live_record_counts (table_name, total) VALUES (target, live)
    ON CONFLICT (table_name) DO UPDATE SET total = EXCLUDED.total;
END
$$;
--> statement-breakpoint
-- A table (with a deleted_at column) opts in: its trigger, and its count as of now.
CREATE OR REPLACE FUNCTION registra_live_count_enable(target text) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  EXECUTE format('DROP TRIGGER IF EXISTS %I ON %I', target || '_live_count', target);
  EXECUTE format(
    'CREATE TRIGGER %I AFTER INSERT OR DELETE OR UPDATE OF deleted_at ON %I '
    'FOR EACH ROW EXECUTE FUNCTION registra_live_count()',
    target || '_live_count', target);
  PERFORM registra_live_count_rebuild(target);
END
$$;
--> statement-breakpoint
-- After a bulk load made with triggers off (the large book): every count again.
CREATE OR REPLACE FUNCTION registra_rebuild_record_counts() RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
  target text;
BEGIN
  PERFORM registra_rebuild_duplicate_key_counts();
  FOR target IN SELECT table_name FROM live_record_counts LOOP
    PERFORM registra_live_count_rebuild(target);
  END LOOP;
END
$$;
--> statement-breakpoint
SELECT registra_live_count_enable('people');
--> statement-breakpoint
SELECT registra_live_count_enable('organizations');
