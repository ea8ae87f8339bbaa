-- An organization is "not assessed" until appendix 2 has been saved once (its review is recorded
-- with it): a level written by a save of another appendix, before any review, said "low" of an
-- organization no one had assessed. Those levels and scores go; the list's copy with them.
UPDATE "organizations"
SET "aml" = "aml" - 'appendix2_risk_level' - 'appendix2_total_score',
    "aml_risk_level" = NULL
WHERE "aml" ? 'appendix2_risk_level' AND NOT "aml" ? 'appendix2_reviewed_at';
