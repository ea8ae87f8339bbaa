-- The narrow tables kept by trigger beside the records (ADR 0096, 0097), each written in the
-- same transaction as the change to its record.
--
-- The search tables (ADR 0096): each live person's and organization's search text and names in
-- a narrow row. A soft delete (or a merge) removes the row, a restore writes it again.
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
-- The task assignments (ADR 0097): one row per user a live task is assigned to, with the task's
-- board column.
-- `users` is a JSON array of {userId, userName}; a userId is compared as the JSON filter
-- (`users @> [{"userId": …}]`) compares it: as text.
CREATE OR REPLACE FUNCTION registra_task_assignment_rows() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    DELETE FROM task_assignments WHERE task_id = OLD.id;
  END IF;
  IF TG_OP <> 'DELETE' AND NEW.deleted_at IS NULL AND jsonb_typeof(NEW.users) = 'array' THEN
    INSERT INTO task_assignments (user_id, status, task_id)
      SELECT DISTINCT assigned ->> 'userId', NEW.status, NEW.id
      FROM jsonb_array_elements(NEW.users) AS assigned
      WHERE jsonb_typeof(assigned -> 'userId') = 'string';
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- Every task's rows again: after a bulk load made with triggers off (the large book), and once
-- here for the tasks that exist already.
CREATE OR REPLACE FUNCTION registra_rebuild_task_assignments() RETURNS void
LANGUAGE sql AS $$
  DELETE FROM task_assignments;
  INSERT INTO task_assignments (user_id, status, task_id)
    SELECT DISTINCT assigned ->> 'userId', tasks.status, tasks.id
    FROM tasks CROSS JOIN LATERAL jsonb_array_elements(
      CASE WHEN jsonb_typeof(tasks.users) = 'array' THEN tasks.users ELSE '[]'::jsonb END
    ) AS assigned
    WHERE tasks.deleted_at IS NULL AND jsonb_typeof(assigned -> 'userId') = 'string';
$$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS task_assignments_written ON tasks;
--> statement-breakpoint
CREATE TRIGGER task_assignments_written
  AFTER INSERT OR DELETE ON tasks
  FOR EACH ROW EXECUTE FUNCTION registra_task_assignment_rows();
--> statement-breakpoint
-- An update writes the rows again only when the assignees, the column or the deletion changed
-- (a title or a description edit writes nothing here).
DROP TRIGGER IF EXISTS task_assignments_changed ON tasks;
--> statement-breakpoint
CREATE TRIGGER task_assignments_changed
  AFTER UPDATE OF users, status, deleted_at ON tasks
  FOR EACH ROW
  WHEN (OLD.users IS DISTINCT FROM NEW.users
    OR OLD.status IS DISTINCT FROM NEW.status
    OR OLD.deleted_at IS DISTINCT FROM NEW.deleted_at)
  EXECUTE FUNCTION registra_task_assignment_rows();
--> statement-breakpoint
SELECT registra_rebuild_task_assignments();
--> statement-breakpoint
-- The tasks' live count (ADR 0081): the dashboard's latest tasks and the unfiltered board read
-- their total from live_record_counts instead of counting every live task.
SELECT registra_live_count_enable('tasks');
--> statement-breakpoint
-- Every trigger-kept table's rebuild, registered once: registra_rebuild_record_counts() calls
-- them all after a bulk load made with triggers off (the large book's seed calls that one
-- function). A later migration adding such a table inserts its function here.
INSERT INTO maintained_table_rebuilds (function_name) VALUES
  ('registra_rebuild_duplicate_key_counts'),
  ('registra_rebuild_follow_up_counts'),
  ('registra_rebuild_follow_up_organization_counts'),
  ('registra_rebuild_audit_log_counts'),
  ('registra_rebuild_search_tables'),
  ('registra_rebuild_task_assignments')
  ON CONFLICT DO NOTHING;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION registra_rebuild_record_counts() RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
  rebuild text;
  target text;
BEGIN
  FOR rebuild IN SELECT function_name FROM maintained_table_rebuilds ORDER BY function_name LOOP
    EXECUTE format('SELECT %I()', rebuild);
  END LOOP;
  -- Last: the live counts read the tables as they now are.
  FOR target IN SELECT table_name FROM live_record_counts LOOP
    PERFORM registra_live_count_rebuild(target);
  END LOOP;
END
$$;
