-- AML review (issue 11): the appendix-2 level and next review are kept beside `aml` for the list
-- filters. Derived, so left out of the change history (the `aml` column's own change shows them).
SELECT registra_audit_enable('organizations', 'organization', 'create', 'delete',
  '{search_text,duplicate_key,aml_risk_level,aml_next_review}', '{name}');
--> statement-breakpoint
UPDATE organizations SET aml_risk_level = aml->>'appendix2_risk_level'
WHERE aml->>'appendix2_risk_level' IN ('high', 'medium', 'low');
--> statement-breakpoint
UPDATE organizations SET aml_next_review = (aml->>'appendix2_next_review')::date
WHERE aml->>'appendix2_next_review' ~ '^\d{4}-\d{2}-\d{2}$';
