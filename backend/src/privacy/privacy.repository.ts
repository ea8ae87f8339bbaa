import { Inject, Injectable } from '@nestjs/common';
import type { IsoDate, RetainedRelationship } from '@registra/domain';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { DATABASE } from '../platform/database/database';
import type { Database } from '../platform/database/database';
import { peopleOrganizationLinks } from '../links/links.schema';
import { organizations } from '../organizations/organizations.schema';
import { dataExports, retentionReviews } from './privacy.schema';
import type {
  DataExportRow,
  RetentionReviewRow,
  ReviewedPerson,
  ReviewedProspect,
} from './privacy.schema';

type Rows<T> = { rows: T[] };

@Injectable()
export class PrivacyRepository {
  constructor(@Inject(DATABASE) private readonly db: Database) {}

  /**
   * Every client a person is or was linked to (unlinked roles included: the AML law keeps the
   * records of a former director too). A client deleted without an end counts as ended the day
   * it was deleted.
   */
  async relationshipsOf(personId: string): Promise<RetainedRelationship[]> {
    const l = peopleOrganizationLinks;
    const o = organizations;
    const result = (await this.db.execute(sql`
      SELECT DISTINCT ${o.id} AS "organizationId", ${o.name} AS "organizationName",
             coalesce(${o.relationshipEndedOn},
                      (${o.deletedAt} AT TIME ZONE 'Europe/Dublin')::date)::text
               AS "relationshipEndedOn"
        FROM ${l} JOIN ${o} ON ${o.id} = ${l.organizationId}
       WHERE ${l.peopleId} = ${personId}`)) as unknown as Rows<{
      organizationId: string;
      organizationName: string;
      relationshipEndedOn: IsoDate | null;
    }>;
    return result.rows;
  }

  /**
   * Erases the person in the open transaction (the database routine `registra_erase_person`:
   * people, their files, mails, form requests and history); answers the storage keys of the files
   * whose bytes go once it commits.
   */
  async erasePerson(personId: string): Promise<string[]> {
    const result = (await this.db.execute(
      sql`SELECT registra_erase_person(${personId}::uuid) AS "storageKey"`,
    )) as unknown as Rows<{ storageKey: string }>;
    return result.rows.map((row) => row.storageKey);
  }

  /**
   * The people whose every client relationship ended on or before `cutoff` (retention over),
   * the longest over first, at most `limit`: read from the clients ended by then (an index
   * range), then each of their people's other clients. Erased people (an empty duplicate key)
   * are not listed again.
   */
  async erasableByRetention(
    cutoff: IsoDate,
    limit: number,
  ): Promise<{ _id: string; firstName: string; lastName: string; lastEndedOn: IsoDate }[]> {
    const result = (await this.db.execute(sql`
      WITH candidates AS (
        SELECT DISTINCT l.people_id
          FROM organizations o JOIN people_organization_links l ON l.organization_id = o.id
         WHERE o.relationship_ended_on <= ${cutoff}
      ), ends AS (
        SELECT l.people_id,
               max(coalesce(o.relationship_ended_on,
                            (o.deleted_at AT TIME ZONE 'Europe/Dublin')::date)) AS last_end,
               bool_and(o.relationship_ended_on IS NOT NULL OR o.deleted_at IS NOT NULL) AS all_ended
          FROM candidates c
          JOIN people_organization_links l ON l.people_id = c.people_id
          JOIN organizations o ON o.id = l.organization_id
         GROUP BY l.people_id
      )
      SELECT p.id AS "_id", p.first_name AS "firstName", p.last_name AS "lastName",
             e.last_end::text AS "lastEndedOn"
        FROM ends e JOIN people p ON p.id = e.people_id
       WHERE e.all_ended AND e.last_end <= ${cutoff}
         AND p.deleted_at IS NULL AND p.duplicate_key <> ''
       ORDER BY e.last_end, p.id
       LIMIT ${limit}`)) as unknown as Rows<{
      _id: string;
      firstName: string;
      lastName: string;
      lastEndedOn: IsoDate;
    }>;
    return result.rows;
  }

  /**
   * Prospects' requests that never became a client, last changed before `before` (deleted ones
   * too: they still hold the people's values), kept by staff or not, the oldest first, at most
   * `limit`.
   */
  async prospectsPastRetention(
    before: Date,
    kept: boolean,
    limit: number,
  ): Promise<{ _id: string; lastChangedAt: Date }[]> {
    const result = (await this.db.execute(sql`
      SELECT id AS "_id", updated_at AS "lastChangedAt"
        FROM forms
       WHERE organization_id IS NULL AND updated_at < ${before.toISOString()} AND kept = ${kept}
       ORDER BY updated_at, id
       LIMIT ${limit}`)) as unknown as Rows<{ _id: string; lastChangedAt: Date | string }>;
    return result.rows.map((row) => ({ ...row, lastChangedAt: new Date(row.lastChangedAt) }));
  }

  // --- the prepared retention review ---

  /**
   * Claims `day` for the daily retention job: true for the first run of the day across instances
   * (the review's row is written then, prepared just after in its own transaction).
   */
  async claimJobDay(day: IsoDate, now: Date): Promise<boolean> {
    const rows = await this.db
      .insert(retentionReviews)
      .values({
        single: true,
        preparedAt: now,
        people: [],
        prospects: [],
        mailBodiesBefore: now,
        jobDay: day,
      })
      .onConflictDoUpdate({
        target: retentionReviews.single,
        set: { jobDay: day },
        setWhere: sql`${retentionReviews.jobDay} IS DISTINCT FROM ${day}::date`,
      })
      .returning({ single: retentionReviews.single });
    return rows.length > 0;
  }

  /** Gives back a day claimed by a run that failed. */
  async releaseJobDay(day: IsoDate): Promise<void> {
    await this.db
      .update(retentionReviews)
      .set({ jobDay: null })
      .where(sql`${retentionReviews.jobDay} = ${day}::date`);
  }

  async saveReview(values: Omit<RetentionReviewRow, 'single' | 'jobDay'>): Promise<void> {
    await this.db
      .insert(retentionReviews)
      .values({ single: true, ...values })
      .onConflictDoUpdate({ target: retentionReviews.single, set: values });
  }

  async readReview(): Promise<RetentionReviewRow | undefined> {
    const [row] = await this.db.select().from(retentionReviews).limit(1);
    return row;
  }

  /** The reviewed people still there to erase (not erased or deleted since), with their names. */
  async livePeople(
    reviewed: readonly ReviewedPerson[],
  ): Promise<{ _id: string; firstName: string; lastName: string }[]> {
    if (reviewed.length === 0) return [];
    const ids = reviewed.map((person) => person._id);
    const result = (await this.db.execute(sql`
      SELECT id AS "_id", first_name AS "firstName", last_name AS "lastName" FROM people
       WHERE id = ANY(${`{${ids.join(',')}}`}::uuid[])
         AND deleted_at IS NULL AND duplicate_key <> ''`)) as unknown as Rows<{
      _id: string;
      firstName: string;
      lastName: string;
    }>;
    return result.rows;
  }

  /** The reviewed requests still there and still no client's, with their names. */
  async liveProspects(
    reviewed: readonly ReviewedProspect[],
  ): Promise<{ _id: string; organizationName1: string; kept: boolean }[]> {
    if (reviewed.length === 0) return [];
    const ids = reviewed.map((request) => request._id);
    const result = (await this.db.execute(sql`
      SELECT id AS "_id", organization_name1 AS "organizationName1", kept FROM forms
       WHERE id = ANY(${`{${ids.join(',')}}`}::uuid[]) AND organization_id IS NULL`)) as unknown as Rows<{
      _id: string;
      organizationName1: string;
      kept: boolean;
    }>;
    return result.rows;
  }

  /** The mails created before `before` whose body is still there: how many, the oldest's date. */
  async mailBodiesBefore(before: Date): Promise<{ count: number; oldest: Date | null }> {
    const result = (await this.db.execute(sql`
      SELECT count(*)::int AS count, min(created_at) AS oldest FROM mail_outbox
       WHERE created_at < ${before.toISOString()} AND body_erased_at IS NULL
         AND status IN ('delivered', 'failed')`)) as unknown as Rows<{
      count: number;
      oldest: Date | string | null;
    }>;
    const row = result.rows[0];
    return { count: row?.count ?? 0, oldest: row?.oldest ? new Date(row.oldest) : null };
  }

  /**
   * Erases the bodies of the mails created before `before` (`registra_erase_mail_bodies`: the
   * envelope stays, their history entries lose the subject and values); how many.
   */
  async eraseMailBodies(before: Date): Promise<number> {
    const result = (await this.db.execute(
      sql`SELECT registra_erase_mail_bodies(${before.toISOString()}::timestamptz) AS erased`,
    )) as unknown as Rows<{ erased: number }>;
    return result.rows[0]?.erased ?? 0;
  }

  /** Erases one prospect's request (`registra_erase_prospect_request`); false when it is none. */
  async eraseProspectRequest(formId: string): Promise<boolean> {
    const result = (await this.db.execute(
      sql`SELECT registra_erase_prospect_request(${formId}::uuid) AS erased`,
    )) as unknown as Rows<{ erased: boolean }>;
    return result.rows[0]?.erased === true;
  }

  // --- subject-access exports ---

  async createExport(
    subject: { personId: string } | { mail: string },
    requestedBy: { id: string | null; name: string } | undefined,
  ): Promise<DataExportRow> {
    const [row] = await this.db
      .insert(dataExports)
      .values({
        personId: 'personId' in subject ? subject.personId : null,
        subjectMail: 'mail' in subject ? subject.mail : null,
        requestedBy: requestedBy?.id ?? null,
        requestedByName: requestedBy?.name ?? null,
      })
      .returning();
    return row;
  }

  async findExport(id: string): Promise<DataExportRow | undefined> {
    const [row] = await this.db
      .select()
      .from(dataExports)
      .where(and(eq(dataExports.id, id), isNull(dataExports.deletedAt)));
    return row;
  }

  async runningExports(): Promise<string[]> {
    const rows = await this.db
      .select({ id: dataExports.id })
      .from(dataExports)
      .where(and(eq(dataExports.status, 'running'), isNull(dataExports.deletedAt)));
    return rows.map((row) => row.id);
  }

  async setProgress(id: string, progress: number): Promise<void> {
    await this.db
      .update(dataExports)
      .set({ progress, updatedAt: new Date() })
      .where(and(eq(dataExports.id, id), eq(dataExports.status, 'running')));
  }

  async finishExport(
    id: string,
    outcome: { status: 'done'; storageKey: string } | { status: 'failed'; error: string },
  ): Promise<void> {
    await this.db
      .update(dataExports)
      .set({
        ...outcome,
        // The e-mail of an export without a person is needed no longer.
        subjectMail: null,
        progress: outcome.status === 'done' ? 100 : undefined,
        updatedAt: new Date(),
      })
      .where(and(eq(dataExports.id, id), inArray(dataExports.status, ['running'])));
  }

  /**
   * Takes the one download of a built export: answers its ZIP's storage key and forgets it in
   * the same statement, so a second download (even at the same moment) finds none.
   */
  async claimDownload(id: string, userId: string | null): Promise<string | undefined> {
    const result = (await this.db.execute(sql`
      WITH claimed AS (
        SELECT id, storage_key FROM data_exports
         WHERE id = ${id} AND status = 'done' AND downloaded_at IS NULL
           AND storage_key IS NOT NULL AND deleted_at IS NULL
         FOR UPDATE
      )
      UPDATE data_exports AS d
         SET downloaded_at = now(), downloaded_by = ${userId}, storage_key = NULL,
             updated_at = now()
        FROM claimed
       WHERE d.id = claimed.id
      RETURNING claimed.storage_key AS "storageKey"`)) as unknown as Rows<{ storageKey: string }>;
    return result.rows[0]?.storageKey;
  }

  /** Everything the firm holds that names the person, section by section (Art. 15). */
  async subjectRecords(personId: string): Promise<SubjectRecords> {
    const read = async <T>(query: ReturnType<typeof sql>): Promise<T[]> =>
      ((await this.db.execute(query)) as unknown as Rows<T>).rows;
    const [person] = await read<Record<string, unknown>>(sql`
      SELECT id AS "_id", first_name AS "firstName", last_name AS "lastName", phone, mail,
             birth::text AS birth, nationality, country, ipn, pps,
             address_street1 AS "addressStreet1", address_zip1 AS "addressZip1",
             address_city1 AS "addressCity1", address_state1 AS "addressState1",
             address_country1 AS "addressCountry1", comments, vif, id_pal AS "idPal", pep,
             company_form AS "companyForm", date_aml::text AS "dateAml",
             created_at AS "createdAt", updated_at AS "updatedAt"
        FROM people WHERE id = ${personId}`);
    const mail = typeof person?.mail === 'string' && person.mail !== '' ? person.mail : null;
    const roles = await read<Record<string, unknown>>(sql`
      SELECT o.id AS "organizationId", o.name AS "organization", o.cro,
             o.incorporation_date::text AS "incorporationDate", o.address AS "registeredOffice",
             o.relationship_ended_on::text AS "relationshipEndedOn",
             array_to_string(l.roles, ', ') AS roles,
             l.beneficiary_percentage::float8 AS "beneficiaryPercentage",
             l.created_at AS "linkedAt", l.deleted_at AS "unlinkedAt"
        FROM people_organization_links l JOIN organizations o ON o.id = l.organization_id
       WHERE l.people_id = ${personId}
       ORDER BY l.created_at`);
    const tasks = await read<Record<string, unknown>>(sql`
      SELECT id AS "_id", title, description, status, organization_name AS organization,
             created_at AS "createdAt", updated_at AS "updatedAt", deleted_at AS "deletedAt"
        FROM tasks WHERE people_id = ${personId} ORDER BY created_at`);
    const files = await read<SubjectFile>(sql`
      SELECT id AS "_id", file_name AS "fileName", content_type AS "contentType", size::float8 AS size,
             created_at AS "uploadedAt", storage_key AS "storageKey"
        FROM files
       WHERE owner_kind = 'people' AND owner_id = ${personId} AND deleted_at IS NULL
       ORDER BY created_at`);
    const { forms, mails } = mail ? await this.recordsOfMail(mail) : { forms: [], mails: [] };
    const audit = await read<Record<string, unknown>>(sql`
      SELECT at, user_name AS "userName", action, record_type AS "recordType",
             record_label AS "recordLabel", changes, data
        FROM audit_log
       WHERE (record_type = 'people' AND record_id = ${personId})
          OR related_ids @> ARRAY[${personId}::uuid]
       ORDER BY at, id`);
    return { person: person ?? null, roles, tasks, files, forms, mails, audit };
  }

  /** The public form's requests that name `mail` (their entry about them) and the mails to it. */
  async recordsOfMail(
    mail: string,
  ): Promise<{ forms: Record<string, unknown>[]; mails: Record<string, unknown>[] }> {
    const read = async <T>(query: ReturnType<typeof sql>): Promise<T[]> =>
      ((await this.db.execute(query)) as unknown as Rows<T>).rows;
    const forms = await read<Record<string, unknown>>(sql`
      SELECT f.id AS "_id", f.organization_name1 AS "organizationName1",
             f.organization_name2 AS "organizationName2",
             f.organization_name3 AS "organizationName3", f.created_at AS "sentAt",
             p.entry AS "aboutThem"
        FROM forms f, jsonb_array_elements(f.peoples) AS p(entry)
       WHERE lower(p.entry ->> 'mail') = lower(${mail})
       ORDER BY f.created_at`);
    const mails = await read<Record<string, unknown>>(sql`
      SELECT id AS "_id", subject, template, status, params, created_at AS "createdAt"
        FROM mail_outbox WHERE lower("to") = lower(${mail}) ORDER BY created_at`);
    return { forms, mails };
  }

  /**
   * What the firm holds about an e-mail found only in the public form's requests: the requests'
   * entries about them and the mails sent to it. No person, roles, tasks or files (they belong
   * to a person record), and no history (a request's entries hold its other people's values).
   */
  async subjectRecordsOfMail(mail: string): Promise<SubjectRecords> {
    const { forms, mails } = await this.recordsOfMail(mail);
    return { person: null, mail, roles: [], tasks: [], files: [], forms, mails, audit: [] };
  }
}

/** A stored file of the person's folder, with where its bytes are. */
export interface SubjectFile {
  _id: string;
  fileName: string;
  contentType: string;
  size: number;
  uploadedAt: string;
  storageKey: string;
}

/** The person's records, section by section, as plain JSON values. */
export interface SubjectRecords {
  person: Record<string, unknown> | null;
  /** The e-mail exported, when there is no person record. */
  mail?: string;
  roles: Record<string, unknown>[];
  tasks: Record<string, unknown>[];
  files: SubjectFile[];
  forms: Record<string, unknown>[];
  mails: Record<string, unknown>[];
  audit: Record<string, unknown>[];
}
