-- The follow-ups' maintained counts, kept in the change's transaction by the triggers declared in
-- triggers.ts.

-- The live, active follow-ups counted by completed and deadline (ADR 0093): the list's summary
-- without counting every follow-up. A completed follow-up, or one without a deadline, counts under
-- 'infinity': the summary needs no deadline for those, and the key stays NOT NULL.
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

-- Each organization's live, active follow-ups, and how many organizations have one (ADR 0093):
-- the dashboard's Follow Ups card's total without counting distinct organizations over every
-- follow-up. The total row changes only when an organization gets its first active follow-up
-- or loses its last.
CREATE OR REPLACE FUNCTION registra_follow_up_organization_count() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  old_counted boolean := TG_OP <> 'INSERT' AND OLD.deleted_at IS NULL AND OLD.archived_at IS NULL;
  new_counted boolean := TG_OP <> 'DELETE' AND NEW.deleted_at IS NULL AND NEW.archived_at IS NULL;
  remaining integer;
BEGIN
  IF old_counted AND new_counted AND OLD.organization_id = NEW.organization_id THEN
    RETURN NULL;
  END IF;
  IF old_counted THEN
    UPDATE follow_up_organization_counts SET active = active - 1
      WHERE organization_id = OLD.organization_id
      RETURNING active INTO remaining;
    IF remaining <= 0 THEN
      DELETE FROM follow_up_organization_counts WHERE organization_id = OLD.organization_id;
      UPDATE follow_up_organization_total SET total = total - 1;
    END IF;
  END IF;
  IF new_counted THEN
    INSERT INTO follow_up_organization_counts (organization_id, active)
      VALUES (NEW.organization_id, 1)
      ON CONFLICT (organization_id) DO UPDATE SET active = follow_up_organization_counts.active + 1
      RETURNING active INTO remaining;
    IF remaining = 1 THEN
      UPDATE follow_up_organization_total SET total = total + 1;
    END IF;
  END IF;
  RETURN NULL;
END
$$;

CREATE OR REPLACE FUNCTION registra_rebuild_follow_up_organization_counts() RETURNS void
LANGUAGE sql AS $$
  DELETE FROM follow_up_organization_counts;
  INSERT INTO follow_up_organization_counts (organization_id, active)
    SELECT organization_id, count(*) FROM follow_ups
    WHERE deleted_at IS NULL AND archived_at IS NULL
    GROUP BY organization_id;
  INSERT INTO follow_up_organization_total (single, total)
    SELECT true, count(*) FROM follow_up_organization_counts
    ON CONFLICT (single) DO UPDATE SET total = EXCLUDED.total;
$$;
