-- The change history's row count (ADR 0094), kept by each INSERT into audit_log in its own
-- transaction. The shard is the inserting backend's: a backend runs one transaction at a time,
-- so concurrent writes never wait on each other's counter row.
CREATE OR REPLACE FUNCTION registra_audit_log_count() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO audit_log_counts (shard, total)
    SELECT pg_backend_pid() % 64, count(*) FROM appended HAVING count(*) > 0
    ON CONFLICT (shard) DO UPDATE SET total = audit_log_counts.total + EXCLUDED.total;
  RETURN NULL;
END
$$;

CREATE OR REPLACE FUNCTION registra_rebuild_audit_log_counts() RETURNS void
LANGUAGE sql AS $$
  DELETE FROM audit_log_counts;
  INSERT INTO audit_log_counts (shard, total) SELECT 0, count(*) FROM audit_log;
$$;
