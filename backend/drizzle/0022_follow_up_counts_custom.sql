-- paid_reminder_due is a copy PostgreSQL writes from the services' reminders: no one changes it,
-- so the change history leaves it out as it does the other derived columns.
SELECT registra_audit_enable('organizations', 'organization', 'create', 'delete',
  '{search_text,duplicate_key,aml_risk_level,aml_next_review,paid_reminder_due}', '{name}');
--> statement-breakpoint
-- The live, active follow-ups counted by completed and deadline (ADR 0093), kept in the change's
-- transaction. A completed follow-up, or one without a deadline, counts under 'infinity': the
-- summary needs no deadline for those, and the key stays NOT NULL.
CREATE OR REPLACE FUNCTION registra_follow_up_count() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  old_counted boolean := TG_OP <> 'INSERT' AND OLD.deleted_at IS NULL AND OLD.archived_at IS NULL;
  new_counted boolean := TG_OP <> 'DELETE' AND NEW.deleted_at IS NULL AND NEW.archived_at IS NULL;
  old_deadline date;
  new_deadline date;
BEGIN
  IF old_counted THEN
    old_deadline := CASE WHEN OLD.completed THEN 'infinity'::date
      ELSE coalesce(OLD.deadline, 'infinity'::date) END;
  END IF;
  IF new_counted THEN
    new_deadline := CASE WHEN NEW.completed THEN 'infinity'::date
      ELSE coalesce(NEW.deadline, 'infinity'::date) END;
  END IF;
  IF old_counted AND new_counted AND OLD.completed = NEW.completed
     AND old_deadline = new_deadline THEN
    RETURN NULL;
  END IF;
  IF old_counted THEN
    UPDATE follow_up_deadline_counts SET total = total - 1
      WHERE completed = OLD.completed AND deadline = old_deadline;
    DELETE FROM follow_up_deadline_counts
      WHERE completed = OLD.completed AND deadline = old_deadline AND total <= 0;
  END IF;
  IF new_counted THEN
    INSERT INTO follow_up_deadline_counts (completed, deadline, total)
      VALUES (NEW.completed, new_deadline, 1)
      ON CONFLICT (completed, deadline) DO UPDATE SET total = follow_up_deadline_counts.total + 1;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION registra_rebuild_follow_up_counts() RETURNS void
LANGUAGE sql AS $$
  DELETE FROM follow_up_deadline_counts;
  INSERT INTO follow_up_deadline_counts (completed, deadline, total)
    SELECT completed,
      CASE WHEN completed THEN 'infinity'::date ELSE coalesce(deadline, 'infinity'::date) END,
      count(*)
    FROM follow_ups
    WHERE deleted_at IS NULL AND archived_at IS NULL
    GROUP BY 1, 2;
$$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS follow_ups_deadline_count ON follow_ups;
--> statement-breakpoint
CREATE TRIGGER follow_ups_deadline_count
  AFTER INSERT OR DELETE OR UPDATE OF deleted_at, archived_at, step_index, max_step_index, deadline
  ON follow_ups
  FOR EACH ROW EXECUTE FUNCTION registra_follow_up_count();
--> statement-breakpoint
SELECT registra_rebuild_follow_up_counts();
-- registra_rebuild_record_counts() (migration 0027) calls it after a bulk load made with triggers off.
