-- Company-creation requests (issue 14): every create, change, conversion and delete goes to the
-- change history; the History tab of the organization a request became shows them too.
SELECT registra_audit_enable('forms', 'form', 'create', 'delete',
  '{search_text,members,directors}', '{organization_name1}', '{organization_id}');
