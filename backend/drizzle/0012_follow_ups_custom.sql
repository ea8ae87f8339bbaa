-- Follow-ups (issue 10): every create, change, archive and delete goes to the change history.
-- Left out: the history list (it repeats the audit in the spec's shape), the stored step count and
-- the reminder marker (set by the scheduler, not a change anyone made).
SELECT registra_audit_enable('follow_ups', 'followUp', 'create', 'delete',
  '{history,max_step_index,completed,deadline_reminded_for}', '{name}', '{organization_id}');
