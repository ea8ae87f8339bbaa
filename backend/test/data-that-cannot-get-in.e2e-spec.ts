import { eq } from 'drizzle-orm';
import { firstAnnualReturnDate } from '@registra/domain';
import { DATABASE } from '../src/platform/database/database';
import type { Database } from '../src/platform/database/database';
import { organizations } from '../src/organizations/organizations.schema';
import { people } from '../src/people/people.schema';
import { createAdmin, createStaff, startTestApp } from './support/test-app';
import type { SignedIn, TestApp } from './support/test-app';
import { deflated, sheetXml, zipOf } from './support/xlsx-builder';

/**
 * What one rule refuses at the door cannot block a save later: the e-mail address rule
 * (isEmailAddress) on every way in, an address already stored checked only when it changes, and
 * the import's rows held to the forms' rules (dates, derived dates, duplicates skipped whole).
 */
describe('data that cannot get in cannot block a save later', () => {
  let t: TestApp;
  let staff: SignedIn;
  let db: Database;

  beforeAll(async () => {
    // Several public-form sends from one address within the hour, past the form's own limit.
    t = await startTestApp({ PUBLIC_FORM_POSTS_PER_HOUR: '1000' });
    staff = await createStaff(t, { firstName: 'Gráinne', lastName: 'Rules' });
    db = t.app.get<Database>(DATABASE);
  });
  afterAll(() => t.close());

  const api = {
    post: (path: string, body: unknown) =>
      t.http
        .post(path)
        .set('Authorization', staff.auth)
        .send(body as object),
    put: (path: string, body: unknown) =>
      t.http
        .put(path)
        .set('Authorization', staff.auth)
        .send(body as object),
    get: (path: string) => t.http.get(path).set('Authorization', staff.auth),
  };

  describe('one e-mail rule in the API', () => {
    it.each([
      ['grainne@@clarke.ie', 400],
      ['info@.ie', 400],
      ['grainne@clarke', 400],
      ['grainne@clarke.ie', 200],
    ])('a new person with mail %j → %i', async (mail, status) => {
      const res = await api.post('/api/people', { firstName: 'Gráinne', lastName: 'Clarke', mail });
      expect(res.status).toBe(status);
      if (status === 400) {
        expect(res.body).toMatchObject({ code: 'VALIDATION_ERROR' });
        expect(res.body.details).toEqual([
          { field: 'mail', message: 'mail must be a valid e-mail address' },
        ]);
      }
    });

    it('a person stored with a bad address is updated on another field; a new bad address is refused', async () => {
      const created = await api.post('/api/people', { firstName: 'Síle', lastName: 'Stored' });
      const id = created.body.data._id as string;
      // As the person form saved it before the rule.
      await db.update(people).set({ mail: 'sile@@stored.ie' }).where(eq(people.id, id));
      const person = (await api.get(`/api/people/${id}`)).body.data;

      // The form sends the whole record back, the old address with it.
      const update = await api.put(`/api/people/${id}`, { ...person, phone: '+353 1 234 5678' });
      expect(update.status).toBe(200);
      expect(update.body.data).toMatchObject({ phone: '+353 1 234 5678', mail: 'sile@@stored.ie' });

      const changed = await api.put(`/api/people/${id}`, {
        ...update.body.data,
        mail: 'sile@.ie',
      });
      expect(changed.status).toBe(400);
      expect(changed.body.details).toEqual([
        { field: 'mail', message: 'mail must be a valid e-mail address' },
      ]);
      const fixed = await api.put(`/api/people/${id}`, {
        ...update.body.data,
        mail: 'sile@stored.ie',
      });
      expect(fixed.status).toBe(200);
      expect(fixed.body.data.mail).toBe('sile@stored.ie');
    });

    it('an organization imported with "info@.ie" is updated on another field; changing it to a bad one is refused', async () => {
      const created = await api.post('/api/organization', { name: 'Stored Mail Teoranta' });
      const id = created.body.data._id as string;
      await db.update(organizations).set({ mail: 'info@.ie' }).where(eq(organizations.id, id));
      const organization = (await api.get(`/api/organization/${id}`)).body.data;

      const update = await api.put(`/api/organization/${id}`, {
        ...organization,
        businessActivity: 'Consultancy',
      });
      expect(update.status).toBe(200);
      expect(update.body.data).toMatchObject({ businessActivity: 'Consultancy', mail: 'info@.ie' });

      const changed = await api.put(`/api/organization/${id}`, { mail: 'info@@stored.ie' });
      expect(changed.status).toBe(400);
      expect(changed.body.details).toEqual([
        { field: 'mail', message: 'mail must be a valid e-mail address' },
      ]);
      expect((await api.get(`/api/organization/${id}`)).body.data.mail).toBe('info@.ie');
    });

    it('invitations and mail recipients use the same rule', async () => {
      const admin = await createAdmin(t, { firstName: 'Admin', lastName: 'Rules' });
      const invite = await t.http
        .post('/api/user/invite')
        .set('Authorization', admin.auth)
        .send({ email: 'new@.ie', firstName: 'New', lastName: 'Staff', role: 'staff' });
      expect(invite.status).toBe(400);
      expect(invite.body.details).toEqual([
        { field: 'email', message: 'email must be a valid e-mail address' },
      ]);
    });

    it('the public form refuses "jean@.fr" in French, with every other problem of the same send', async () => {
      const res = await t.http.post('/api/form').send({
        organizationName1: 'Un',
        organizationName2: 'Deux',
        organizationName3: '',
        description: 'Conseil',
        IDPAL: false,
        peoples: [
          {
            roles: ['director'],
            firstName: 'Jean',
            lastName: 'Dupont',
            mail: 'jean@.fr',
            phone: '+33 1 23 45 67 89',
            birth: '1980-01-01',
            nationality: 'française',
            street: '1 rue de la Paix',
            city: 'Paris',
            state: 'Île-de-France',
            country: 'france',
            zip: '75002',
          },
        ],
      });
      expect(res.status).toBe(400);
      expect(res.body.message).toBe('Veuillez ajouter un secrétaire.');
      expect(res.body.details).toEqual([
        { field: 'peoples', message: 'Veuillez ajouter un secrétaire.' },
        { field: 'peoples', message: 'Veuillez ajouter un actionnaire.' },
        { field: 'IDPAL', message: 'Veuillez compléter la certification IDPAL.' },
        { field: 'organizationName3', message: 'Ce champ est obligatoire' },
        { field: 'peoples.0.mail', message: 'Adresse e-mail invalide' },
      ]);
    });
  });

  describe('the import holds its rows to the same rules', () => {
    const upload = (kind: string, body: Buffer, fileName: string) =>
      t.http
        .post('/api/import')
        .set('Authorization', staff.auth)
        .field('kind', kind)
        .attach('file', body, fileName);
    /** A CSV file of these lines uploaded: the import's id. */
    const uploaded = async (kind: string, lines: string[], fileName: string) => {
      const res = await upload(kind, Buffer.from(lines.join('\n')), fileName);
      expect(res.status).toBe(200);
      return res.body.data._id as string;
    };
    const status = (id: string) => api.get(`/api/import/${id}`);
    async function checked(id: string, body: Record<string, unknown>) {
      expect((await api.post(`/api/import/${id}/check`, body)).status).toBe(200);
      for (let i = 0; i < 300; i++) {
        const view = (await status(id)).body.data;
        if (view.status !== 'checking') {
          expect(view.status).toBe('checked');
          return view.check;
        }
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      throw new Error('The check did not finish');
    }
    async function runToEnd(id: string) {
      expect((await api.post(`/api/import/${id}/run`, {})).status).toBe(200);
      for (let i = 0; i < 200; i++) {
        const view = (await status(id)).body.data;
        if (['done', 'failed'].includes(view.status)) return view;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      throw new Error('The import did not finish');
    }
    const organizationNamed = async (name: string) => {
      const res = await api.post('/api/organization/search', { search: name, limit: 5 });
      return res.body.data as Array<Record<string, unknown> & { _id: string; name: string }>;
    };
    const membersOf = async (organizationId: string) => {
      const res = await api.post('/api/linkpeopleorganization/search', { organizationId });
      return (res.body.data as Array<{ peopleId: { firstName: string } }>).map(
        (link) => link.peopleId.firstName,
      );
    };

    it('refuses "info@.ie" and "31/02/2020" as the forms do; an imported incorporation date gets its first AR, as typed ones do', async () => {
      const csv = [
        'Company name,Company e-mail,Date of incorporation',
        'Derived Dates Teoranta,info@derived.ie,15/08/2019',
        'Bad Mail Teoranta,info@.ie,01/01/2020',
        'No Such Day Teoranta,,31/02/2020',
      ].join('\n');
      const res = await upload('organizations', Buffer.from(csv), 'companies.csv');
      expect(res.status).toBe(200);
      const id = res.body.data._id as string;
      const result = await checked(id, { onDuplicate: 'skip' });
      expect(result.errors).toEqual([
        { row: 3, column: 'Company e-mail', message: 'E-mail is not valid' },
        { row: 4, column: 'Date of incorporation', message: 'This date does not exist' },
      ]);
      expect(await runToEnd(id)).toMatchObject({ created: 1, failed: 2 });

      const [imported] = await organizationNamed('Derived Dates Teoranta');
      // 6 months after incorporation, by the rule the organization form and service use.
      expect(imported).toMatchObject({ incorporationDate: '2019-08-15', firstAr: '2020-02-15' });
      expect(imported.firstAr).toBe(firstAnnualReturnDate('2019-08-15'));
      // The same date typed in the form gives the same derived date.
      const typed = await api.post('/api/organization', { name: 'Typed Dates Teoranta' });
      const saved = await api.put(`/api/organization/${typed.body.data._id as string}`, {
        incorporationDate: '2019-08-15',
      });
      expect(saved.body.data.firstAr).toBe(imported.firstAr);
      expect(await organizationNamed('Bad Mail Teoranta')).toEqual([]);
    });

    it('a skipped duplicate company counts as skipped and takes none of its rows’ people; update links them', async () => {
      const existing = await api.post('/api/organization', { name: 'Skipped Holdings Ltd' });
      const organizationId = existing.body.data._id as string;
      const rows = [
        'Company name,Director,Role',
        'Skipped Holdings Ltd,Aoife Skipped,director',
        'Skipped Holdings Ltd,Bríd Skipped,secretary',
        'Fresh Company Ltd,Ciara Fresh,director',
      ];

      const skipId = await uploaded('combined', rows, 'combined.csv');
      const check = await checked(skipId, { onDuplicate: 'skip' });
      expect(check.duplicates).toMatchObject([
        { row: 2, recordType: 'organization', recordId: organizationId },
      ]);
      expect(await runToEnd(skipId)).toMatchObject({ created: 1, skipped: 2, failed: 0 });
      expect(await membersOf(organizationId)).toEqual([]);
      const people = await api.post('/api/people/search', { search: 'Skipped' });
      expect(people.body.data).toEqual([]);
      const [fresh] = await organizationNamed('Fresh Company Ltd');
      expect(await membersOf(fresh._id)).toEqual(['Ciara']);

      const updateId = await uploaded('combined', rows, 'combined.csv');
      await checked(updateId, { onDuplicate: 'update' });
      expect(await runToEnd(updateId)).toMatchObject({ failed: 0 });
      expect((await membersOf(organizationId)).sort()).toEqual(['Aoife', 'Bríd']);
    });

    it('the failed rows download gives the rows as the file holds them, with their reasons', async () => {
      const id = await uploaded(
        'organizations',
        [
          'Company name,CRO number,Date of incorporation,Notes',
          'Good Row Ltd,IE-1,01/02/2020,kept',
          'Bad Date Ltd,IE-2,30/02/2020,"quoted, with a comma"',
          ',IE-3,31/02/2020,no name and no day',
        ],
        'failed rows.csv',
      );
      await checked(id, { onDuplicate: 'skip' });
      await runToEnd(id);
      const download = await api.get(`/api/import/${id}/errors.csv`);
      expect(download.status).toBe(200);
      expect(download.headers['content-disposition']).toContain('failed-rows-failed-rows.csv');
      expect(download.text.replace(/^\uFEFF/, '').split('\r\n')).toEqual([
        'Company name,CRO number,Date of incorporation,Notes,Row,Reasons',
        'Bad Date Ltd,IE-2,30/02/2020,"quoted, with a comma",3,Date of incorporation: This date does not exist',
        expect.stringMatching(
          /^,IE-3,31\/02\/2020,no name and no day,4,Date of incorporation: This date does not exist; Company name: .+$/,
        ),
        '',
      ]);
    });

    /** A workbook of the named sheets, each a list of rows of inline text cells. */
    const workbook = (sheets: Array<[string, string[][]]>) => {
      const MAIN = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
      const RELS = 'http://schemas.openxmlformats.org/package/2006/relationships';
      const OFFICE = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
      const cell = (text: string, column: number, row: number) =>
        `<c r="${String.fromCharCode(65 + column)}${row}" t="inlineStr"><is><t>${text}</t></is></c>`;
      return zipOf([
        deflated(
          '[Content_Types].xml',
          '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="xml" ContentType="application/xml"/></Types>',
        ),
        deflated(
          'xl/workbook.xml',
          `<?xml version="1.0" encoding="UTF-8"?><workbook xmlns="${MAIN}" xmlns:r="${OFFICE}"><sheets>${sheets
            .map(([name], i) => `<sheet name="${name}" sheetId="${i + 1}" r:id="rId${i + 1}"/>`)
            .join('')}</sheets></workbook>`,
        ),
        deflated(
          'xl/_rels/workbook.xml.rels',
          `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="${RELS}">${sheets
            .map(
              (_, i) =>
                `<Relationship Id="rId${i + 1}" Type="${OFFICE}/worksheet" Target="worksheets/sheet${i + 1}.xml"/>`,
            )
            .join('')}</Relationships>`,
        ),
        ...sheets.map(([, rows], i) =>
          deflated(
            `xl/worksheets/sheet${i + 1}.xml`,
            sheetXml(
              rows
                .map(
                  (cells, r) =>
                    `<row r="${r + 1}">${cells.map((text, c) => cell(text, c, r + 1)).join('')}</row>`,
                )
                .join(''),
            ),
          ),
        ),
      ]);
    };

    it('a workbook whose first sheet is a note is read from the sheet that fits, and offers every sheet', async () => {
      const file = workbook([
        ['Read me', [['Exported from the old system.'], ['Do not edit the next sheet.']]],
        [
          'Companies',
          [
            ['Company name', 'CRO number'],
            ['Sheet Two Teoranta', '700001'],
          ],
        ],
      ]);
      const res = await upload('organizations', file, 'book.xlsx');
      expect(res.status).toBe(200);
      expect(res.body.data).toMatchObject({
        sheets: ['Read me', 'Companies'],
        sheet: 'Companies',
        mapping: { 'Company name': 'organization.name', 'CRO number': 'organization.cro' },
      });

      const notes = workbook([
        ['Read me', [['A note.']]],
        ['More notes', [['Line one'], ['Line two']]],
      ]);
      const refused = await upload('organizations', notes, 'notes.xlsx');
      expect(refused.status).toBe(400);
      expect(refused.body.message).toContain('(sheets: Read me, More notes)');
    });
  });
});
