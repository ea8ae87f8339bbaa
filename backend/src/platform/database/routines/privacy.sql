-- Erasure of a person under the GDPR, Art. 17 (docs/privacy.md, ADR 0141). The service decides
-- whether the AML retention allows it; these functions do it, in the request's one transaction.

-- A text with every term (case-insensitive, literal) replaced by '[erased]'; the longest terms
-- first, so a full name goes before its first name.
CREATE OR REPLACE FUNCTION registra_redact_text(p_text text, p_terms text[]) RETURNS text
LANGUAGE plpgsql IMMUTABLE AS $$
DECLARE
  v_result text := p_text;
  v_term text;
BEGIN
  IF p_text IS NULL OR p_terms IS NULL THEN
    RETURN p_text;
  END IF;
  FOR v_term IN SELECT t FROM unnest(p_terms) AS t WHERE length(t) > 0 ORDER BY length(t) DESC LOOP
    v_result := regexp_replace(
      v_result,
      regexp_replace(v_term, '([\\.^$|?*+()\[\]{}-])', '\\\1', 'g'),
      '[erased]',
      'gi');
  END LOOP;
  RETURN v_result;
END
$$;

-- The same in a JSON value: every string (never a key) redacted, at any depth.
CREATE OR REPLACE FUNCTION registra_redact_jsonb(p_value jsonb, p_terms text[]) RETURNS jsonb
LANGUAGE plpgsql IMMUTABLE AS $$
BEGIN
  IF p_value IS NULL THEN
    RETURN NULL;
  END IF;
  CASE jsonb_typeof(p_value)
    WHEN 'string' THEN
      RETURN to_jsonb(registra_redact_text(p_value #>> '{}', p_terms));
    WHEN 'object' THEN
      RETURN coalesce(
        (SELECT jsonb_object_agg(e.key, registra_redact_jsonb(e.value, p_terms))
           FROM jsonb_each(p_value) AS e),
        '{}'::jsonb);
    WHEN 'array' THEN
      RETURN coalesce(
        (SELECT jsonb_agg(registra_redact_jsonb(e.value, p_terms) ORDER BY e.ord)
           FROM jsonb_array_elements(p_value) WITH ORDINALITY AS e(value, ord)),
        '[]'::jsonb);
    ELSE
      RETURN p_value;
  END CASE;
END
$$;

-- The mails an erasure reaches: those sent to one of `p_mails` (the recipient hashed, so a later
-- request for the same address still finds how many mails went to it, never the address) and
-- any other that names a value (`p_patterns`, ILIKE patterns of the values), their subject and
-- values redacted (`p_terms`) and their one-time secrets dropped. Answers the mails' ids.
CREATE OR REPLACE FUNCTION registra_erase_mails(p_mails text[], p_terms text[], p_patterns text[])
RETURNS uuid[] LANGUAGE plpgsql AS $$
DECLARE
  v_mail_ids uuid[];
BEGIN
  WITH erased AS (
    UPDATE mail_outbox
       SET "to" = CASE WHEN lower("to") = ANY(p_mails)
                       THEN 'erased:' || encode(sha256(convert_to(lower("to"), 'UTF8')), 'hex')
                       ELSE "to" END,
           subject = registra_redact_text(subject, p_terms),
           params = registra_redact_jsonb(params, p_terms),
           secret_params = NULL
     WHERE lower("to") = ANY(p_mails)
        OR (subject || ' ' || params::text) ILIKE ANY (p_patterns)
    RETURNING id
  )
  SELECT array_agg(id) INTO v_mail_ids FROM erased;
  RETURN v_mail_ids;
END;
$$;

-- Erases person p_person_id: the personal fields replaced ("Erased person"), the files of their
-- folder marked deleted (the caller removes the bytes after the commit: their storage keys are
-- returned), the mails to them with the recipient hashed and the person's values redacted, the
-- public form's requests and the tasks that name them redacted, and their values redacted from the history's
-- stored values. Links stay (the company registers stay whole). The person's own update becomes
-- the one history entry 'erase', without the erased values.
--
-- The history is append-only (audit_log_append_only refuses UPDATE). Its trigger is lifted for
-- this function's one statement, inside the caller's transaction, and set again before it
-- returns; ALTER TABLE holds the history's lock until the commit, so no other write interleaves.
CREATE OR REPLACE FUNCTION registra_erase_person(p_person_id uuid) RETURNS SETOF text
LANGUAGE plpgsql AS $$
DECLARE
  v_person people%ROWTYPE;
  v_terms text[];
  v_strong text[];
  v_patterns text[];
  v_file_ids uuid[];
  v_mail_ids uuid[];
  v_keys text[];
  -- The person's columns that hold personal data, as their history stores them.
  v_personal_keys text[] := ARRAY['first_name', 'last_name', 'phone', 'mail', 'birth',
    'nationality', 'country', 'ipn', 'pps', 'address_street1', 'address_zip1', 'address_city1',
    'address_state1', 'address_country1', 'comments', 'vif', 'id_pal', 'pep', 'company_form',
    'date_aml', 'attached_files'];
  v_strong_keys text[] := ARRAY['mail', 'phone', 'ipn', 'pps'];
  v_old_strong text[];
  v_old_all text[];
  v_mails text[];
BEGIN
  SELECT * INTO v_person FROM people WHERE id = p_person_id FOR UPDATE;
  IF NOT FOUND THEN
    RETURN;
  END IF;

  -- Values that identify the person wherever they appear (the name as written, the e-mail, the
  -- phone and the identity numbers), and all the personal values, redacted in those places.
  v_strong := ARRAY(
    SELECT DISTINCT v FROM unnest(ARRAY[
      nullif(trim(v_person.first_name || ' ' || v_person.last_name), ''),
      nullif(trim(v_person.last_name || ' ' || v_person.first_name), ''),
      v_person.mail, v_person.phone, v_person.ipn, v_person.pps
    ]) AS v WHERE length(trim(coalesce(v, ''))) >= 3);
  v_terms := ARRAY(
    SELECT DISTINCT v FROM unnest(v_strong || ARRAY[
      v_person.first_name, v_person.last_name, v_person.birth::text,
      v_person.address_street1, v_person.address_zip1, v_person.address_city1,
      v_person.address_state1, v_person.comments
    ]) AS v WHERE length(trim(coalesce(v, ''))) >= 2);
  -- The values the person's fields held before (a former address, a previous e-mail), read
  -- from their own history: redacted like the current ones.
  -- Only texts (never flags, lists or country codes, which name no one on their own).
  SELECT coalesce(array_agg(DISTINCT h.v #>> '{}') FILTER (WHERE h.k = ANY(v_strong_keys)), '{}'),
         coalesce(array_agg(DISTINCT h.v #>> '{}'), '{}')
    INTO v_old_strong, v_old_all
    FROM audit_log a,
         LATERAL (
           SELECT d.key AS k, d.value AS v FROM jsonb_each(coalesce(a.data, '{}')) AS d
           UNION ALL
           SELECT c.key, c.value -> 0 FROM jsonb_each(coalesce(a.changes, '{}')) AS c
           UNION ALL
           SELECT c.key, c.value -> 1 FROM jsonb_each(coalesce(a.changes, '{}')) AS c
         ) AS h
   WHERE a.record_type = 'people' AND a.record_id = p_person_id
     AND h.k = ANY(v_personal_keys)
     AND h.k NOT IN ('nationality', 'country', 'address_country1')
     AND jsonb_typeof(h.v) = 'string' AND length(trim(h.v #>> '{}')) >= 3;
  v_strong := v_strong || v_old_strong
           || ARRAY(
                SELECT DISTINCT trim(a.data ->> 'first_name' || ' ' || (a.data ->> 'last_name'))
                  FROM audit_log a
                 WHERE a.record_type = 'people' AND a.record_id = p_person_id
                   AND a.data ? 'first_name' AND a.data ? 'last_name');
  v_terms := v_terms || v_strong || v_old_all;
  -- Folded as the search texts hold them (accents off): "Gráinne" is "grainne" there.
  v_terms := v_terms || ARRAY(
    SELECT DISTINCT regexp_replace(normalize(v, NFD), '[\u0300-\u036f]', '', 'g')
      FROM unnest(v_terms) AS v);
  -- Their files' names (a scan named after them) go from the history with the files.
  v_terms := v_terms || ARRAY(
    SELECT DISTINCT file_name FROM files
     WHERE owner_kind = 'people' AND owner_id = p_person_id AND file_name <> 'erased');
  v_strong := ARRAY(SELECT DISTINCT v FROM unnest(v_strong) AS v WHERE length(trim(coalesce(v, ''))) >= 3);
  v_patterns := ARRAY(
    SELECT '%' || replace(replace(replace(v, '\', '\\'), '%', '\%'), '_', '\_') || '%'
      FROM unnest(v_strong) AS v);

  -- The files of their folder: deleted (the bytes after the commit), their names gone.
  WITH erased AS (
    UPDATE files
       SET file_name = 'erased',
           deleted_at = coalesce(deleted_at, now())
     WHERE owner_kind = 'people' AND owner_id = p_person_id
    RETURNING id, storage_key
  )
  SELECT array_agg(id), array_agg(storage_key) INTO v_file_ids, v_keys FROM erased;

  -- The mails sent to them, and any other mail that names them (a request's notice to staff).
  v_mails := ARRAY(
    SELECT DISTINCT lower(v) FROM unnest(v_strong) AS v WHERE v LIKE '%@%');
  v_mail_ids := registra_erase_mails(v_mails, v_terms, v_patterns);
  UPDATE mail_events SET detail = registra_redact_text(detail, v_terms)
   WHERE mail_id = ANY(coalesce(v_mail_ids, '{}'::uuid[]));

  -- The public form's requests that name them.
  IF cardinality(v_patterns) > 0 THEN
    UPDATE forms
       SET peoples = registra_redact_jsonb(peoples, v_terms),
           directors = registra_redact_text(directors, v_terms),
           search_text = registra_redact_text(search_text, v_terms)
     WHERE peoples::text ILIKE ANY (v_patterns);
  END IF;

  -- Tasks about them keep the link, not the name; any task text naming them is redacted.
  UPDATE tasks
     SET people_name = CASE WHEN people_id = p_person_id THEN 'Erased person' ELSE people_name END,
         title = registra_redact_text(title, v_terms),
         description = registra_redact_text(description, v_terms),
         search_text = registra_redact_text(search_text, v_terms)
   WHERE people_id = p_person_id
      OR (title || ' ' || description) ILIKE ANY (v_patterns);

  -- The person: the names say what happened, every other personal field is empty. The search
  -- text and the duplicate key follow (an empty key groups with nothing).
  UPDATE people
     SET first_name = 'Erased', last_name = 'person', phone = NULL, mail = NULL, birth = NULL,
         nationality = NULL, country = NULL, ipn = NULL, pps = NULL, address_street1 = NULL,
         address_zip1 = NULL, address_city1 = NULL, address_state1 = NULL,
         address_country1 = NULL, comments = NULL, vif = false, id_pal = false, pep = false,
         company_form = NULL, date_aml = NULL, attached_files = '[]'::jsonb,
         search_text = 'erased person', duplicate_key = '',
         updated_at = greatest(date_trunc('milliseconds', clock_timestamp()),
                               updated_at + interval '1 millisecond')
   WHERE id = p_person_id;

  ALTER TABLE audit_log DISABLE TRIGGER audit_log_append_only;
  -- The person's own update, just written by its audit trigger, is the erasure's one entry.
  UPDATE audit_log
     SET action = 'erase', record_label = 'Erased person', changes = NULL,
         data = jsonb_build_object('law', 'GDPR Art. 17')
   WHERE record_type = 'people' AND record_id = p_person_id AND action = 'update'
     AND at >= now();
  -- Their own entries: every personal column's values, whatever they were.
  UPDATE audit_log
     SET changes = (SELECT jsonb_object_agg(c.key, CASE WHEN c.key = ANY(v_personal_keys)
                             THEN '["[erased]", "[erased]"]'::jsonb ELSE c.value END)
                      FROM jsonb_each(changes) AS c),
         data = (SELECT jsonb_object_agg(d.key, CASE WHEN d.key = ANY(v_personal_keys)
                          THEN '"[erased]"'::jsonb ELSE d.value END)
                   FROM jsonb_each(data) AS d),
         record_label = 'Erased person'
   WHERE record_type = 'people' AND record_id = p_person_id AND action <> 'erase'
     AND (jsonb_typeof(changes) = 'object' OR jsonb_typeof(data) = 'object');
  -- Everything else the history stored about them, or that names them.
  UPDATE audit_log
     SET record_label = CASE
           WHEN record_type = 'file' AND record_id = ANY(coalesce(v_file_ids, '{}'::uuid[]))
             THEN 'erased'
           ELSE registra_redact_text(record_label, v_terms) END,
         changes = registra_redact_jsonb(changes, v_terms),
         data = registra_redact_jsonb(data, v_terms)
   WHERE NOT (record_type = 'people' AND record_id = p_person_id AND action = 'erase')
     AND (record_id = p_person_id
          OR related_ids @> ARRAY[p_person_id]
          OR record_id = ANY(coalesce(v_file_ids, '{}'::uuid[]))
          OR record_id = ANY(coalesce(v_mail_ids, '{}'::uuid[]))
          OR (coalesce(record_label, '') || ' ' || coalesce(changes::text, '') || ' '
              || coalesce(data::text, '')) ILIKE ANY (v_patterns));
  ALTER TABLE audit_log ENABLE TRIGGER audit_log_append_only;

  RETURN QUERY SELECT unnest(coalesce(v_keys, '{}'::text[]));
END
$$;

-- Erases a prospect's company-creation request that never became a client (storage limitation,
-- GDPR Art. 5(1)(e)): the request is deleted, the mails that name its people have their values
-- redacted (the recipient hashed when it is one of them), and the history keeps that the request
-- existed and was erased, without its values. False when it is none, or became a client.
CREATE OR REPLACE FUNCTION registra_erase_prospect_request(p_form_id uuid) RETURNS boolean
LANGUAGE plpgsql AS $$
DECLARE
  v_peoples jsonb;
  v_strong text[];
  v_terms text[];
  v_patterns text[];
  v_mails text[];
  v_mail_ids uuid[];
BEGIN
  SELECT peoples INTO v_peoples FROM forms
   WHERE id = p_form_id AND organization_id IS NULL FOR UPDATE;
  IF NOT FOUND THEN
    RETURN false;
  END IF;
  v_strong := ARRAY(
    SELECT DISTINCT v
      FROM jsonb_array_elements(v_peoples) AS p(entry),
           unnest(ARRAY[
             trim(coalesce(entry ->> 'firstName', '') || ' ' || coalesce(entry ->> 'lastName', '')),
             entry ->> 'mail', entry ->> 'phone']) AS v
     WHERE length(trim(coalesce(v, ''))) >= 3);
  -- Every text of its people but kinds and country codes, which name no one on their own.
  v_terms := v_strong || ARRAY(
    SELECT DISTINCT e.value #>> '{}'
      FROM jsonb_array_elements(v_peoples) AS p(entry), jsonb_each(entry) AS e
     WHERE jsonb_typeof(e.value) = 'string'
       AND e.key NOT IN ('personType', 'nationality', 'country')
       AND length(trim(e.value #>> '{}')) >= 3);
  v_patterns := ARRAY(
    SELECT '%' || replace(replace(replace(v, '\', '\\'), '%', '\%'), '_', '\_') || '%'
      FROM unnest(v_strong) AS v);
  v_mails := ARRAY(SELECT DISTINCT lower(v) FROM unnest(v_strong) AS v WHERE v LIKE '%@%');

  v_mail_ids := registra_erase_mails(v_mails, v_terms, v_patterns);

  DELETE FROM forms WHERE id = p_form_id;

  ALTER TABLE audit_log DISABLE TRIGGER audit_log_append_only;
  UPDATE audit_log
     SET record_label = 'Erased request', changes = NULL,
         data = CASE WHEN action = 'delete'
                     THEN jsonb_build_object('erased', 'GDPR Art. 5(1)(e)') END
   WHERE record_type = 'form' AND record_id = p_form_id;
  UPDATE audit_log
     SET record_label = registra_redact_text(record_label, v_terms),
         changes = registra_redact_jsonb(changes, v_terms),
         data = registra_redact_jsonb(data, v_terms)
   WHERE NOT (record_type = 'form' AND record_id = p_form_id)
     AND (record_id = ANY(coalesce(v_mail_ids, '{}'::uuid[]))
          OR (coalesce(record_label, '') || ' ' || coalesce(changes::text, '') || ' '
              || coalesce(data::text, '')) ILIKE ANY (v_patterns));
  ALTER TABLE audit_log ENABLE TRIGGER audit_log_append_only;
  RETURN true;
END
$$;

-- Erases the bodies of the delivered or failed mails created before p_before (storage
-- limitation, the mail period of the firm's settings): the subject becomes '[erased]', the
-- template's values and one-time secrets go; the envelope stays (date, template, recipient as it
-- is, hashed where a person's erasure hashed it). Their 'email queued' history entries lose the
-- subject and the values too. Answers how many mails.
CREATE OR REPLACE FUNCTION registra_erase_mail_bodies(p_before timestamptz) RETURNS integer
LANGUAGE plpgsql AS $$
DECLARE
  v_mail_ids uuid[];
BEGIN
  WITH erased AS (
    UPDATE mail_outbox
       SET subject = '[erased]', params = '{}'::jsonb, secret_params = NULL,
           body_erased_at = now()
     WHERE created_at < p_before AND body_erased_at IS NULL
       AND status IN ('delivered', 'failed')
    RETURNING id
  )
  SELECT array_agg(id) INTO v_mail_ids FROM erased;
  IF v_mail_ids IS NULL THEN
    RETURN 0;
  END IF;

  ALTER TABLE audit_log DISABLE TRIGGER audit_log_append_only;
  UPDATE audit_log
     SET record_label = '[erased]',
         changes = NULL,
         data = data - 'subject' - 'params'
   WHERE record_type = 'email' AND record_id = ANY(v_mail_ids);
  ALTER TABLE audit_log ENABLE TRIGGER audit_log_append_only;
  RETURN cardinality(v_mail_ids);
END
$$;
