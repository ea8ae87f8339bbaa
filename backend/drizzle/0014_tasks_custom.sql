-- Tasks (issue 12): every create, change and delete goes to the change history; the History tabs
-- of the task's organization and person show them too.
SELECT registra_audit_enable('tasks', 'task', 'create', 'delete',
  '{search_text}', '{title}', '{organization_id,people_id}');
--> statement-breakpoint
-- The few deleted organizations, for lists of other records that leave theirs out (follow-ups):
-- "NOT IN (deleted organizations)" reads this small index instead of joining every organization.
CREATE INDEX IF NOT EXISTS organizations_deleted_idx ON organizations (id) WHERE deleted_at IS NOT NULL;
