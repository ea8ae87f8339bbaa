-- The task assignments (ADR 0097): one row per user a live task is assigned to, with the task's
-- board column, written in the same transaction as the change to the task by these triggers.
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
-- After a bulk load made with triggers off: every table kept by trigger again (the large book's
-- seed calls this one function).
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
  PERFORM registra_rebuild_task_assignments();
  FOR target IN SELECT table_name FROM live_record_counts LOOP
    PERFORM registra_live_count_rebuild(target);
  END LOOP;
END
$$;
