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
--> statement-breakpoint
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
--> statement-breakpoint
DROP TRIGGER IF EXISTS follow_ups_organization_count ON follow_ups;
--> statement-breakpoint
CREATE TRIGGER follow_ups_organization_count
  AFTER INSERT OR DELETE OR UPDATE OF deleted_at, archived_at, organization_id ON follow_ups
  FOR EACH ROW EXECUTE FUNCTION registra_follow_up_organization_count();
--> statement-breakpoint
SELECT registra_rebuild_follow_up_organization_counts();
--> statement-breakpoint
-- After a bulk load made with triggers off (the large book): every maintained count again.
CREATE OR REPLACE FUNCTION registra_rebuild_record_counts() RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
  target text;
BEGIN
  PERFORM registra_rebuild_duplicate_key_counts();
  PERFORM registra_rebuild_follow_up_counts();
  PERFORM registra_rebuild_follow_up_organization_counts();
  PERFORM registra_rebuild_audit_log_counts();
  FOR target IN SELECT table_name FROM live_record_counts LOOP
    PERFORM registra_live_count_rebuild(target);
  END LOOP;
END
$$;
