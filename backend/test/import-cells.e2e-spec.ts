import { and, eq, inArray, isNull, like, sql } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { textTooLongMessage } from '@registra/domain';
import { DATABASE } from '../src/platform/database/database';
import type { Database } from '../src/platform/database/database';
import { peopleOrganizationLinks } from '../src/links/links.schema';
import { organizations } from '../src/organizations/organizations.schema';
import { people } from '../src/people/people.schema';
import { importFixture, uploadForImport } from './support/imports';
import { createStaff, startTestApp } from './support/test-app';
import type { SignedIn, TestApp } from './support/test-app';

/**
 * Files as firms keep them, made by LibreOffice Calc (test/fixtures/import/make-libreoffice-fixtures.py):
 * each imported through the API and the stored records compared field by field with what the
 * spreadsheet shows.
 */

describe('import: what the cell says is what is stored, from files as firms keep them', () => {
  let t: TestApp;
  let staff: SignedIn;
  let db: Database;

  beforeAll(async () => {
    t = await startTestApp();
    staff = await createStaff(t, { firstName: 'Nuala', lastName: 'Importer' });
    db = t.app.get<Database>(DATABASE);
  });
  afterAll(() => t.close());

  const upload = (kind: string, body: Buffer, fileName: string, fields?: Record<string, string>) =>
    uploadForImport(t, staff.auth, kind, body, fileName, fields);
  const uploadFixture = (kind: string, name: string, fields?: Record<string, string>) =>
    upload(kind, importFixture(name), name, fields);
  const status = (id: string) => t.http.get(`/api/import/${id}`).set('Authorization', staff.auth);

  async function checkToEnd(id: string, body: Record<string, unknown>) {
    const started = await t.http
      .post(`/api/import/${id}/check`)
      .set('Authorization', staff.auth)
      .send(body);
    expect(started.status).toBe(200);
    for (let i = 0; i < 600; i++) {
      const answer = await status(id);
      if (answer.body.data.status !== 'checking') return answer.body.data;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error('The check did not finish');
  }
  async function runToEnd(id: string) {
    const started = await t.http.post(`/api/import/${id}/run`).set('Authorization', staff.auth);
    expect(started.status).toBe(200);
    for (let i = 0; i < 600; i++) {
      const answer = await status(id);
      if (['done', 'failed'].includes(answer.body.data.status)) return answer.body.data;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error('The import did not finish');
  }

  /** The live row of `table` that `condition` finds (undefined when there is none). */
  async function liveRow<Table extends typeof organizations | typeof people>(
    table: Table,
    condition: SQL | undefined,
  ): Promise<Table['$inferSelect']> {
    const [row] = await db
      .select()
      .from(table as PgTable)
      .where(and(condition, isNull(table.deletedAt)));
    return row as Table['$inferSelect'];
  }
  const organizationByCro = (cro: string) => liveRow(organizations, eq(organizations.cro, cro));
  // The run's database is shared by the test files: a person is found by both names.
  const personNamed = (firstName: string, lastName: string) =>
    liveRow(people, and(eq(people.firstName, firstName), eq(people.lastName, lastName)));

  describe('an .xlsx with a title row, formulas and numbers formatted 000000', () => {
    let id: string;

    it('the upload guesses the header row below the title, and maps "Inc. Date", "ARD", "Tax Ref.", "Registered Office Address"', async () => {
      const res = await uploadFixture('organizations', 'cells-title-formulas.xlsx');
      expect(res.status).toBe(200);
      id = res.body.data._id;
      expect(res.body.data).toMatchObject({
        headerRow: 3,
        columns: [
          'Trading name',
          'Legal form',
          'Company name',
          'CRO No.',
          'Inc. Date',
          'ARD',
          'Tax Ref.',
          'Registered Office Address',
        ],
        mapping: {
          'Trading name': null,
          'Legal form': 'organization.companyType',
          'Company name': 'organization.name',
          'CRO No.': 'organization.cro',
          'Inc. Date': 'organization.incorporationDate',
          ARD: 'organization.nextArReminder',
          'Tax Ref.': 'organization.coroporationTaxNumber',
          'Registered Office Address': 'organization.address',
        },
      });
      expect(res.body.data.preview[0]).toMatchObject({
        row: 4,
        organization: {
          name: 'Cells Fisheries Teoranta',
          cro: '045678',
          incorporationDate: '2018-06-30',
          nextArReminder: '2018-12-30',
        },
        errors: [],
      });
    });

    it('a header row given in the check is read instead (row 1, the title, names no column)', async () => {
      const res = await t.http
        .post(`/api/import/${id}/check`)
        .set('Authorization', staff.auth)
        .send({ onDuplicate: 'skip', headerRow: 1 });
      expect(res.status).toBe(400);
      expect(res.body.message).toBe('No column is mapped to the organization name');
      const blank = await t.http
        .post(`/api/import/${id}/check`)
        .set('Authorization', staff.auth)
        .send({ onDuplicate: 'skip', headerRow: 2 });
      expect(blank.status).toBe(400);
      expect(blank.body.message).toMatch(/Row 2 is blank/);
      const wrong = await t.http
        .post(`/api/import/${id}/check`)
        .set('Authorization', staff.auth)
        .send({ onDuplicate: 'skip', headerRow: 0 });
      expect(wrong.status).toBe(400);
      expect((await status(id)).body.data.status).toBe('uploaded');
    });

    it('a formula saved without its result is a row error in words; the others are stored as shown', async () => {
      const view = await checkToEnd(id, { onDuplicate: 'skip', headerRow: 3 });
      expect(view.status).toBe('checked');
      expect(view.check).toMatchObject({
        rows: 3,
        errorCount: 1,
        errors: [
          {
            row: 6,
            column: 'Company name',
            message:
              'The cell holds a formula saved without its result: open the file in a spreadsheet, save it again and import it',
          },
        ],
      });
      expect(await runToEnd(id)).toMatchObject({ created: 2, failed: 1 });
      const fisheries = await organizationByCro('045678');
      expect({
        name: fisheries.name,
        cro: fisheries.cro,
        incorporationDate: fisheries.incorporationDate,
        nextArReminder: fisheries.nextArReminder,
        coroporationTaxNumber: fisheries.coroporationTaxNumber,
        address: fisheries.address,
      }).toEqual({
        name: 'Cells Fisheries Teoranta',
        cro: '045678',
        incorporationDate: '2018-06-30',
        nextArReminder: '2018-12-30',
        coroporationTaxNumber: 'IE1234567T',
        address: '1 Quay Street, Galway',
      });
      const harbour = await organizationByCro('000007');
      expect({
        name: harbour.name,
        incorporationDate: harbour.incorporationDate,
        nextArReminder: harbour.nextArReminder,
        coroporationTaxNumber: harbour.coroporationTaxNumber,
        address: harbour.address,
      }).toEqual({
        name: 'Cells Harbour DAC',
        incorporationDate: '2020-02-29',
        nextArReminder: '2020-08-29',
        coroporationTaxNumber: null,
        address: 'Unit 4, Harbour Road, Howth',
      });
      expect(await organizationByCro('612345')).toBeUndefined();
      const [{ n }] = (
        (await db.execute(
          sql`SELECT count(*)::int AS n FROM organizations WHERE name LIKE '=%'`,
        )) as unknown as { rows: Array<{ n: number }> }
      ).rows;
      expect(n).toBe(0);
    });
  });

  describe('a 1904 workbook of people with their shares as percentages', () => {
    it('dates in the 1904 system, 25 % and 75.5 % as shown, Irish surnames split right; a percentage without the shareholder role is said', async () => {
      const res = await uploadFixture('combined', 'combined-percent-1904.xlsx');
      expect(res.status).toBe(200);
      expect(res.body.data.mapping).toEqual({
        'Company name': 'organization.name',
        'CRO number': 'organization.cro',
        Incorporated: 'organization.incorporationDate',
        Director: 'person.fullName',
        Roles: 'link.roles',
        'Shareholding %': 'link.beneficiaryPercentage',
        'Date of birth': 'person.birth',
      });
      const id = res.body.data._id;
      const view = await checkToEnd(id, { onDuplicate: 'skip' });
      expect(view.check).toMatchObject({
        rows: 3,
        errorCount: 1,
        errors: [
          {
            row: 4,
            column: 'Shareholding %',
            message:
              'A beneficiary percentage is kept only for a shareholder: add the shareholder role or leave the percentage empty',
          },
        ],
      });
      expect(await runToEnd(id)).toMatchObject({ created: 2, failed: 1 });

      const company = await organizationByCro('CELLS-1904');
      expect({ name: company.name, incorporationDate: company.incorporationDate }).toEqual({
        name: 'Ceathrú Cells Ltd',
        incorporationDate: '2024-12-31',
      });
      const meabh = await personNamed('Méabh', 'Nic Giolla Phádraig');
      const donal = await personNamed('Dónal', 'Mac Giolla Bhríde');
      expect({ lastName: meabh.lastName, birth: meabh.birth }).toEqual({
        lastName: 'Nic Giolla Phádraig',
        birth: '1961-03-17',
      });
      expect({ lastName: donal.lastName, birth: donal.birth }).toEqual({
        lastName: 'Mac Giolla Bhríde',
        birth: '1958-11-02',
      });
      expect(await personNamed('Siobhán', 'Ó Ceallaigh')).toBeUndefined();
      const links = await db
        .select()
        .from(peopleOrganizationLinks)
        .where(
          and(
            eq(peopleOrganizationLinks.organizationId, company.id),
            isNull(peopleOrganizationLinks.deletedAt),
          ),
        );
      const byPerson = new Map(links.map((link) => [link.peopleId, link]));
      expect({
        roles: byPerson.get(meabh.id)?.roles,
        percentage: Number(byPerson.get(meabh.id)?.beneficiaryPercentage),
      }).toEqual({ roles: ['director', 'shareholder'], percentage: 25 });
      expect({
        roles: byPerson.get(donal.id)?.roles,
        percentage: Number(byPerson.get(donal.id)?.beneficiaryPercentage),
      }).toEqual({ roles: ['shareholder'], percentage: 75.5 });
    });
  });

  describe('encodings decided on the whole file', () => {
    it('a Windows-1252 CSV whose first fada comes after 64 KB is read as Windows-1252', async () => {
      const res = await uploadFixture('organizations', 'late-fada-windows-1252.csv');
      expect(res.status).toBe(200);
      // The first 64 KB are plain ASCII: the upload cannot tell.
      expect(res.body.data.encoding).toBe('utf-8');
      const id = res.body.data._id;
      const view = await checkToEnd(id, { onDuplicate: 'skip' });
      expect(view.status).toBe('checked');
      expect(view.check.errorCount).toBe(0);
      const done = await runToEnd(id);
      expect(done).toMatchObject({ failed: 0, created: view.check.rows });
      const bakery = await organizationByCro('LATE-FADA-1');
      const builder = await organizationByCro('LATE-FADA-2');
      expect([
        bakery.name,
        bakery.businessActivity,
        builder.name,
        builder.businessActivity,
      ]).toEqual([
        "Siobhán's Bakery Limited",
        'Bácús agus caifé',
        'Tógálaithe Uí Bhriain Teoranta',
        'Tógáil',
      ]);
      const replaced = await db
        .select({ id: organizations.id })
        .from(organizations)
        .where(like(organizations.name, '%\uFFFD%'));
      expect(replaced).toEqual([]);
    });

    it('a file mixing UTF-8 and Windows-1252 is refused, naming its first row in the other encoding', async () => {
      const res = await uploadFixture('people', 'mixed-encodings.csv');
      expect(res.status).toBe(200);
      const view = await checkToEnd(res.body.data._id, { onDuplicate: 'skip' });
      expect(view.status).toBe('check_failed');
      expect(view.failure).toBe(
        'The file mixes two encodings: row 3 is not UTF-8 like row 2 before it. Save the whole file again in one encoding (CSV UTF-8) and import it again',
      );
      expect(await personNamed('Máire', 'Mixed')).toBeUndefined();
    });

    it('a byte-order mark before a quoted header is not part of it', async () => {
      const csv = Buffer.concat([
        Buffer.from([0xef, 0xbb, 0xbf]),
        Buffer.from('"Company name","CRO number"\r\n"Bom Quoted Teoranta","BOM-1"\r\n'),
      ]);
      const res = await upload('organizations', csv, 'bom.csv');
      expect(res.status).toBe(200);
      expect(res.body.data).toMatchObject({
        encoding: 'utf-8',
        columns: ['Company name', 'CRO number'],
        mapping: { 'Company name': 'organization.name', 'CRO number': 'organization.cro' },
      });
      expect(res.body.data.preview[0].organization).toEqual({
        name: 'Bom Quoted Teoranta',
        cro: 'BOM-1',
      });
    });

    it('a row the chosen encoding cannot read is refused naming it: never a replacement character', async () => {
      const res = await upload(
        'people',
        Buffer.concat([
          Buffer.from('First Name,Last Name\nSiobh'),
          Buffer.from([0xe1]),
          Buffer.from('n,Byrne\n'),
        ]),
        'people.csv',
        { encoding: 'utf-8' },
      );
      expect(res.status).toBe(400);
      expect(res.body.message).toMatch(/^Row 2 is not UTF-8 text/);
    });
  });

  describe("the CRO's open-data layout", () => {
    const CRO_COLUMNS = [
      'company_num',
      'company_name',
      'company_status_desc',
      'company_type_desc',
      'company_reg_date',
      'nard',
      'last_ar_date',
      'company_address_1',
      'company_address_2',
      'company_address_3',
      'company_address_4',
      'eircode',
    ];
    const nameOnly = Object.fromEntries(
      CRO_COLUMNS.map((column) => [column, column === 'company_name' ? 'organization.name' : null]),
    );

    it('with the name alone, "… Teoranta" and "… Unlimited Company" are two companies', async () => {
      const res = await uploadFixture('organizations', 'cro-layout.csv');
      const view = await checkToEnd(res.body.data._id, { onDuplicate: 'skip', mapping: nameOnly });
      expect(view.check).toMatchObject({ rows: 3, errorCount: 0, duplicateCount: 0 });
    });

    it('maps by name and stores every column: status, dates, the four address lines and the Eircode', async () => {
      const res = await uploadFixture('organizations', 'cro-layout.csv');
      expect(res.status).toBe(200);
      expect(res.body.data.columns).toEqual(CRO_COLUMNS);
      expect(res.body.data.mapping).toEqual({
        company_num: 'organization.cro',
        company_name: 'organization.name',
        company_status_desc: 'organization.creationStatus',
        company_type_desc: 'organization.companyType',
        company_reg_date: 'organization.incorporationDate',
        nard: 'organization.nextArReminder',
        last_ar_date: null,
        company_address_1: 'organization.address',
        company_address_2: 'organization.addressLine2',
        company_address_3: 'organization.addressLine3',
        company_address_4: 'organization.addressLine4',
        eircode: 'organization.eircode',
      });
      const id = res.body.data._id;
      const view = await checkToEnd(id, { onDuplicate: 'skip' });
      expect(view.check).toMatchObject({ rows: 3, errorCount: 0, duplicateCount: 0 });
      expect(await runToEnd(id)).toMatchObject({ created: 3, failed: 0 });
      const stored = await db
        .select({
          cro: organizations.cro,
          name: organizations.name,
          creationStatus: organizations.creationStatus,
          incorporationDate: organizations.incorporationDate,
          nextArReminder: organizations.nextArReminder,
          address: organizations.address,
        })
        .from(organizations)
        .where(inArray(organizations.cro, ['710001', '710002', '710003']))
        .orderBy(organizations.cro);
      expect(stored).toEqual([
        {
          cro: '710001',
          name: 'CRO Layout Fisheries Teoranta',
          creationStatus: 'COMPLETED',
          incorporationDate: '2016-05-10',
          nextArReminder: '2026-11-10',
          address: 'Pier Road, Ros an Mhíl, Co. Galway, H91 X2Y3',
        },
        {
          cro: '710002',
          name: 'CRO Layout Fisheries Unlimited Company',
          creationStatus: 'COMPLETED',
          incorporationDate: '2019-01-21',
          nextArReminder: '2026-07-21',
          address: '12 Dock Street, Dublin 1, D01 K7W2',
        },
        {
          cro: '710003',
          name: 'CRO Layout Holdings DAC',
          creationStatus: 'STRIKE_OFF',
          incorporationDate: '2012-03-01',
          nextArReminder: '2026-09-01',
          address: 'Main Street, Ennis, Co. Clare, Ireland, V95 E2P4',
        },
      ]);
    });

    it('imported again by name alone, each row is the duplicate of its own type, never of the other', async () => {
      const res = await uploadFixture('organizations', 'cro-layout.csv');
      const view = await checkToEnd(res.body.data._id, { onDuplicate: 'skip', mapping: nameOnly });
      const ids = new Map(
        (
          await db
            .select({ id: organizations.id, cro: organizations.cro })
            .from(organizations)
            .where(inArray(organizations.cro, ['710001', '710002', '710003']))
        ).map((row) => [row.cro, row.id]),
      );
      expect(view.check.duplicates).toEqual([
        expect.objectContaining({ row: 2, recordId: ids.get('710001') }),
        expect.objectContaining({ row: 3, recordId: ids.get('710002') }),
        expect.objectContaining({ row: 4, recordId: ids.get('710003') }),
      ]);
    });

    it('a CRO number on both sides decides: another number under the same name and type is another company', async () => {
      const csv =
        'company_num,company_name\n799999,CRO Layout Fisheries Teoranta\n710001,Renamed Fisheries Teoranta\n';
      const res = await upload('organizations', Buffer.from(csv), 'cro.csv');
      const view = await checkToEnd(res.body.data._id, { onDuplicate: 'skip' });
      expect(view.check.duplicates).toEqual([
        expect.objectContaining({ row: 3, label: 'CRO Layout Fisheries Teoranta' }),
      ]);
    });
  });

  describe('the whole book export', () => {
    it('columns=book adds every field an import reads; another value is refused', async () => {
      const organizationsCsv = await t.http
        .get('/api/organization/export?columns=book')
        .set('Authorization', staff.auth)
        .buffer(true);
      expect(organizationsCsv.status).toBe(200);
      expect(organizationsCsv.text.replace(/^\uFEFF/, '').split('\r\n')[0]).toBe(
        'Name,CRO,Incorporation date,First AR,Next AR reminder,Creation status,Assigned users,Created at,Company e-mail,Registered office,Company country,Business activity,Financial year end,Corporation tax number,Relationship ended on',
      );
      const peopleCsv = await t.http
        .get('/api/people/export?columns=book')
        .set('Authorization', staff.auth)
        .buffer(true);
      expect(peopleCsv.text.replace(/^\uFEFF/, '').split('\r\n')[0]).toBe(
        'First Name,Last Name,Email,Created At,Nationality,Country,VIF,Phone,Date of birth,PPS,Street,City,Eircode',
      );
      const refused = await t.http
        .get('/api/people/export?columns=everything')
        .set('Authorization', staff.auth);
      expect(refused.status).toBe(400);
      expect(refused.body.message).toBe('columns must be list or book');
    });
  });

  describe('the API rules, every one', () => {
    it('texts longer than the API takes are row errors naming their column (1 000, 50, 100)', async () => {
      const csv =
        'Company name,CRO,Registered office\n' +
        `Long Address Ltd,LEN-1,${'a'.repeat(1001)}\n` +
        `Long Cro Ltd,${'C'.repeat(51)},Galway\n` +
        'Fine Ltd,LEN-3,Galway\n';
      const res = await upload('organizations', Buffer.from(csv), 'long.csv');
      const view = await checkToEnd(res.body.data._id, { onDuplicate: 'skip' });
      expect(view.check.errors).toEqual([
        { row: 2, column: 'Registered office', message: textTooLongMessage(1000) },
        { row: 3, column: 'CRO', message: textTooLongMessage(50) },
      ]);
      const people = `First Name,Last Name,Phone\nLong,Phone,${'1'.repeat(101)}\n`;
      const person = await upload('people', Buffer.from(people), 'people.csv');
      const personView = await checkToEnd(person.body.data._id, { onDuplicate: 'skip' });
      expect(personView.check.errors).toEqual([
        { row: 2, column: 'Phone', message: textTooLongMessage(100) },
      ]);
    });

    it('a date before 1900 is refused saying the range the import takes', async () => {
      const csv = 'Company name,Date of incorporation\nOld Ltd,31/12/1899\n';
      const res = await upload('organizations', Buffer.from(csv), 'old.csv');
      const view = await checkToEnd(res.body.data._id, { onDuplicate: 'skip' });
      expect(view.check.errors).toEqual([
        {
          row: 2,
          column: 'Date of incorporation',
          message: 'Date must be between 1900-01-01 and 2099-12-31',
        },
      ]);
    });
  });
});
