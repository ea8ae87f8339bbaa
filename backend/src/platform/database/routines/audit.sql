-- The change history (ADR 0008). Each audited table has one AFTER ROW trigger, `registra_audit`,
-- declared with its arguments by its context (an `auditTrail` in its schema file) and created by
-- the database rules: who (the transaction-local settings registra.actor_id / registra.actor_name
-- the app sets when it opens a transaction), which record, the action, and for an update the
-- columns that changed with old and new values.
-- Arguments: record type, insert action, delete action, hidden columns, label columns, related
-- record columns (each a text array literal).

CREATE OR REPLACE FUNCTION registra_audit() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  v_record_type text := TG_ARGV[0];
  v_insert_action text := TG_ARGV[1];
  v_delete_action text := TG_ARGV[2];
  v_hidden text[] := TG_ARGV[3]::text[];
  v_label_columns text[] := TG_ARGV[4]::text[];
  v_related_columns text[] := TG_ARGV[5]::text[];
  v_old jsonb;
  v_new jsonb;
  v_row jsonb;
  v_changes jsonb;
  v_action text;
  v_label text;
  v_related uuid[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    v_row := to_jsonb(NEW) - v_hidden;
    v_action := v_insert_action;
  ELSIF TG_OP = 'DELETE' THEN
    v_row := to_jsonb(OLD) - v_hidden;
    v_action := v_delete_action;
  ELSE
    v_old := to_jsonb(OLD) - v_hidden;
    v_new := to_jsonb(NEW) - v_hidden;
    SELECT jsonb_object_agg(n.key, jsonb_build_array(o.value, n.value))
      INTO v_changes
      FROM jsonb_each(v_new) AS n
      JOIN jsonb_each(v_old) AS o ON o.key = n.key
     WHERE n.value IS DISTINCT FROM o.value
       AND n.key <> 'updated_at';
    -- Only hidden or bookkeeping columns changed: nothing a person would call a change.
    IF v_changes IS NULL THEN
      RETURN NULL;
    END IF;
    v_row := v_new;
    IF v_changes ? 'deleted_at' AND (v_old ->> 'deleted_at') IS NULL THEN
      v_action := v_delete_action;
    ELSIF v_changes ? 'deleted_at' AND (v_new ->> 'deleted_at') IS NULL THEN
      v_action := 'restore';
    ELSE
      v_action := 'update';
    END IF;
  END IF;

  SELECT string_agg(v_row ->> l.c, ' ' ORDER BY l.ord)
    INTO v_label
    FROM unnest(v_label_columns) WITH ORDINALITY AS l(c, ord)
   WHERE coalesce(v_row ->> l.c, '') <> '';

  SELECT coalesce(array_agg(DISTINCT (v_row ->> r.c)::uuid), '{}'::uuid[])
    INTO v_related
    FROM unnest(v_related_columns) AS r(c)
   WHERE (v_row ->> r.c) ~ '^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$';

  INSERT INTO audit_log
    (user_id, user_name, record_type, record_id, record_label, related_ids, action, changes, data)
  VALUES (
    nullif(current_setting('registra.actor_id', true), '')::uuid,
    nullif(current_setting('registra.actor_name', true), ''),
    v_record_type,
    (v_row ->> 'id')::uuid,
    v_label,
    v_related,
    v_action,
    v_changes,
    CASE WHEN TG_OP = 'UPDATE' THEN NULL ELSE v_row END
  );
  RETURN NULL;
END
$$;

-- Brings a soft-deleted record back (admins, from the Activity page); the table's audit trigger
-- records the 'restore'. False when the record is not deleted or its type cannot be restored.
CREATE OR REPLACE FUNCTION registra_restore(p_record_type text, p_record_id uuid) RETURNS boolean
LANGUAGE plpgsql AS $$
DECLARE
  v_table text;
  v_count integer;
BEGIN
  SELECT table_name INTO v_table
    FROM audit_record_types
   WHERE record_type = p_record_type AND restorable;
  IF v_table IS NULL THEN
    RETURN false;
  END IF;
  EXECUTE format(
    'UPDATE %s SET deleted_at = NULL, updated_at = greatest(date_trunc(''milliseconds'', clock_timestamp()), updated_at + interval ''1 millisecond'') WHERE id = $1 AND deleted_at IS NOT NULL',
    v_table) USING p_record_id;
  GET DIAGNOSTICS v_count = ROW_COUNT;
  RETURN v_count > 0;
END
$$;

-- Append-only: no statement changes or removes history (the audit_log triggers).
CREATE OR REPLACE FUNCTION registra_audit_append_only() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'audit_log is append-only' USING ERRCODE = '42501';
END
$$;
