-- A copy of the organization's search text on each follow-up (ADR 0151), kept by the triggers
-- declared in triggers.ts, so that the follow-ups of one type for an organization's name are
-- found in one index (`follow_ups_active_name_organization_text_idx`) without reading the
-- organizations. The copy is never shown: the view and the history leave it out
-- (FOLLOW_UP_DERIVED_COLUMNS), and writing it leaves `updated_at` as it was.

-- A follow-up takes its organization's text when it is created, moved to another organization
-- (a merge) or restored (a deleted follow-up is not rewritten when its organization is renamed).
-- No organization (a wrong id): left empty, so that the foreign key reports it.
CREATE OR REPLACE FUNCTION registra_follow_up_organization_search_text() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' OR NEW.organization_id IS DISTINCT FROM OLD.organization_id
     OR (OLD.deleted_at IS NOT NULL AND NEW.deleted_at IS NULL) THEN
    NEW.organization_search_text := coalesce(
      (SELECT search_text FROM organizations WHERE id = NEW.organization_id), '');
  END IF;
  RETURN NEW;
END
$$;

-- An organization whose search text changed (a rename, a new CRO number or e-mail) rewrites the
-- copy on its live follow-ups, found through their index on organization_id: a rename costs one
-- row per follow-up of the organization.
CREATE OR REPLACE FUNCTION registra_organization_follow_up_search_text() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.search_text IS DISTINCT FROM OLD.search_text THEN
    UPDATE follow_ups SET organization_search_text = NEW.search_text
      WHERE organization_id = NEW.id AND deleted_at IS NULL
        AND organization_search_text IS DISTINCT FROM NEW.search_text;
  END IF;
  RETURN NULL;
END
$$;

-- Every follow-up's copy from its organization, writing only those that differ.
CREATE OR REPLACE FUNCTION registra_rebuild_follow_up_organization_search_text() RETURNS void
LANGUAGE sql AS $$
  UPDATE follow_ups SET organization_search_text = organizations.search_text
    FROM organizations
    WHERE organizations.id = follow_ups.organization_id
      AND follow_ups.organization_search_text IS DISTINCT FROM organizations.search_text;
$$;
