-- The trigram search tables (ADR 0096): each live person's and organization's search text and
-- names in a narrow row, written in the same transaction as the change to the record by these
-- triggers. A soft delete (or a merge) removes the row, a restore writes it again.
CREATE OR REPLACE FUNCTION registra_people_search_row() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    DELETE FROM people_search WHERE id = OLD.id;
  ELSIF NEW.deleted_at IS NOT NULL THEN
    DELETE FROM people_search WHERE id = NEW.id;
  ELSE
    INSERT INTO people_search (id, search_text, first_name, last_name)
      VALUES (NEW.id, NEW.search_text, NEW.first_name, NEW.last_name)
      ON CONFLICT (id) DO UPDATE SET search_text = EXCLUDED.search_text,
        first_name = EXCLUDED.first_name, last_name = EXCLUDED.last_name;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION registra_organizations_search_row() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    DELETE FROM organizations_search WHERE id = OLD.id;
  ELSIF NEW.deleted_at IS NOT NULL THEN
    DELETE FROM organizations_search WHERE id = NEW.id;
  ELSE
    INSERT INTO organizations_search (id, search_text, name)
      VALUES (NEW.id, NEW.search_text, NEW.name)
      ON CONFLICT (id) DO UPDATE SET search_text = EXCLUDED.search_text, name = EXCLUDED.name;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- Both tables again from the records: after a bulk load made with triggers off (the large book),
-- and once here for the records that exist already.
CREATE OR REPLACE FUNCTION registra_rebuild_search_tables() RETURNS void
LANGUAGE sql AS $$
  DELETE FROM people_search;
  INSERT INTO people_search (id, search_text, first_name, last_name)
    SELECT id, search_text, first_name, last_name FROM people WHERE deleted_at IS NULL;
  DELETE FROM organizations_search;
  INSERT INTO organizations_search (id, search_text, name)
    SELECT id, search_text, name FROM organizations WHERE deleted_at IS NULL;
$$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS people_search_written ON people;
--> statement-breakpoint
CREATE TRIGGER people_search_written
  AFTER INSERT OR DELETE ON people
  FOR EACH ROW EXECUTE FUNCTION registra_people_search_row();
--> statement-breakpoint
-- An update writes the row again only when what it holds changed (most edits change neither).
DROP TRIGGER IF EXISTS people_search_changed ON people;
--> statement-breakpoint
CREATE TRIGGER people_search_changed
  AFTER UPDATE OF search_text, first_name, last_name, deleted_at ON people
  FOR EACH ROW
  WHEN (OLD.search_text IS DISTINCT FROM NEW.search_text
    OR OLD.first_name IS DISTINCT FROM NEW.first_name
    OR OLD.last_name IS DISTINCT FROM NEW.last_name
    OR OLD.deleted_at IS DISTINCT FROM NEW.deleted_at)
  EXECUTE FUNCTION registra_people_search_row();
--> statement-breakpoint
DROP TRIGGER IF EXISTS organizations_search_written ON organizations;
--> statement-breakpoint
CREATE TRIGGER organizations_search_written
  AFTER INSERT OR DELETE ON organizations
  FOR EACH ROW EXECUTE FUNCTION registra_organizations_search_row();
--> statement-breakpoint
DROP TRIGGER IF EXISTS organizations_search_changed ON organizations;
--> statement-breakpoint
CREATE TRIGGER organizations_search_changed
  AFTER UPDATE OF search_text, name, deleted_at ON organizations
  FOR EACH ROW
  WHEN (OLD.search_text IS DISTINCT FROM NEW.search_text
    OR OLD.name IS DISTINCT FROM NEW.name
    OR OLD.deleted_at IS DISTINCT FROM NEW.deleted_at)
  EXECUTE FUNCTION registra_organizations_search_row();
--> statement-breakpoint
SELECT registra_rebuild_search_tables();
--> statement-breakpoint
-- After a bulk load made with triggers off: every table kept by trigger again, the search tables
-- with the maintained counts (the large book's seed calls this one function).
CREATE OR REPLACE FUNCTION registra_rebuild_record_counts() RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
  target text;
BEGIN
  PERFORM registra_rebuild_duplicate_key_counts();
  PERFORM registra_rebuild_follow_up_counts();
  PERFORM registra_rebuild_follow_up_organization_counts();
  PERFORM registra_rebuild_audit_log_counts();
  PERFORM registra_rebuild_search_tables();
  FOR target IN SELECT table_name FROM live_record_counts LOOP
    PERFORM registra_live_count_rebuild(target);
  END LOOP;
END
$$;
