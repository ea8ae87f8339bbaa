-- The tasks' live count (ADR 0081): the dashboard's latest tasks and the unfiltered board read
-- their total from live_record_counts instead of counting every live task.
SELECT registra_live_count_enable('tasks');
