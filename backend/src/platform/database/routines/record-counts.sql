-- The maintained counts of people and organizations (ADR 0080, 0081), each kept in the same
-- transaction as the change by the triggers declared in triggers.ts, and each with a rebuild that
-- counts again from the records (after a bulk load made with triggers off, and when a trigger is
-- first created).

-- The duplicate-key counts (ADR 0080): one row per key shared by live records, for each table that
-- carries a duplicate key.
CREATE OR REPLACE FUNCTION registra_duplicate_key_count() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  -- TG_TABLE_NAME is a `name` (collation "C"): compared as it is with the text column, it keeps
  -- that collation and the primary key (default collation) cannot serve, so every change of a
  -- key read the whole table (81 ms a soft delete on the large book). A text variable has the
  -- column's collation.
  counted_table text := TG_TABLE_NAME;
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
      WHERE record_type = counted_table AND key = old_key;
    DELETE FROM duplicate_key_counts
      WHERE record_type = counted_table AND key = old_key AND total <= 0;
  END IF;
  IF new_key IS NOT NULL THEN
    INSERT INTO duplicate_key_counts (record_type, key, total) VALUES (counted_table, new_key, 1)
      ON CONFLICT (record_type, key) DO UPDATE SET total = duplicate_key_counts.total + 1;
  END IF;
  RETURN NULL;
END
$$;

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

-- Live rows per table (ADR 0081): +1/-1 on insert, delete, soft delete and restore. The row
-- trigger only adds each change to the transaction's pending delta for its table (a
-- transaction-local setting, which a rolled-back savepoint takes back with its rows); a deferred
-- trigger writes that delta to the table's one counter row at commit (ADR 0137). A transaction
-- that inserts or deletes many rows (an import's batch, an undo's) thus holds the counter row only
-- while it commits, not for its whole length: the others' inserts and deletes do not queue on it.
CREATE OR REPLACE FUNCTION registra_live_count() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  pending text := 'registra.live_count.' || TG_TABLE_NAME;
  delta integer := 0;
BEGIN
  IF TG_OP <> 'INSERT' AND OLD.deleted_at IS NULL THEN
    delta := delta - 1;
  END IF;
  IF TG_OP <> 'DELETE' AND NEW.deleted_at IS NULL THEN
    delta := delta + 1;
  END IF;
  IF delta <> 0 THEN
    PERFORM set_config(pending,
      (coalesce(nullif(current_setting(pending, true), ''), '0')::bigint + delta)::text, true);
  END IF;
  RETURN NULL;
END
$$;

-- At commit, once per changed row: the first call writes the table's pending delta, the others
-- find it written.
CREATE OR REPLACE FUNCTION registra_live_count_flush() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  -- A text variable, so the primary key serves (TG_TABLE_NAME is a `name`, collation "C").
  counted_table text := TG_TABLE_NAME;
  pending text := 'registra.live_count.' || TG_TABLE_NAME;
  delta bigint := coalesce(nullif(current_setting(pending, true), ''), '0')::bigint;
BEGIN
  IF delta <> 0 THEN
    PERFORM set_config(pending, '0', true);
    INSERT INTO live_record_counts (table_name, total) VALUES (counted_table, delta)
      ON CONFLICT (table_name) DO UPDATE SET total = live_record_counts.total + delta;
  END IF;
  RETURN NULL;
END
$$;

-- Counts the table again; what the transaction changed before is in that count, so its pending
-- delta is dropped.
CREATE OR REPLACE FUNCTION registra_live_count_rebuild(target text) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
  live bigint;
BEGIN
  EXECUTE format('SELECT count(*) FROM %I WHERE deleted_at IS NULL', target) INTO live;
  PERFORM set_config('registra.live_count.' || target, '0', true);
  INSERT INTO live_record_counts (table_name, total) VALUES (target, live)
    ON CONFLICT (table_name) DO UPDATE SET total = EXCLUDED.total;
END
$$;

-- After a bulk load made with triggers off (the large book's seed): every maintained count again,
-- and the follow-ups' copy of their organization's search text, the live counts last (they read
-- the tables as they now are).
CREATE OR REPLACE FUNCTION registra_rebuild_record_counts() RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
  target text;
BEGIN
  PERFORM registra_rebuild_duplicate_key_counts();
  PERFORM registra_rebuild_follow_up_counts();
  PERFORM registra_rebuild_follow_up_organization_counts();
  PERFORM registra_rebuild_audit_log_counts();
  PERFORM registra_rebuild_follow_up_organization_search_text();
  FOR target IN SELECT table_name FROM live_record_counts LOOP
    PERFORM registra_live_count_rebuild(target);
  END LOOP;
END
$$;
