import {
  IMPORT_CELL_MAX_CHARS,
  IMPORT_COLUMNS_MAX,
  IMPORT_ROW_MAX_BYTES,
  IMPORT_ROWS_MAX,
  IMPORT_XLSX_SHARED_STRINGS_MAX,
  IMPORT_XLSX_SHARED_STRINGS_MAX_BYTES,
  IMPORT_XLSX_UNPACKED_MAX_BYTES,
} from '@registra/domain';
import { DATABASE } from '../src/platform/database/database';
import type { Database } from '../src/platform/database/database';
import { imports } from '../src/import/import.schema';
import {
  deflated,
  repeated,
  SHARED_STRINGS_HEAD,
  SHARED_STRINGS_TAIL,
  sheetXml,
  workbookParts,
  zipOf,
} from './support/xlsx-builder';
import type { ZipPart } from './support/xlsx-builder';
import { createAdmin, createStaff, startTestApp } from './support/test-app';
import type { SignedIn, TestApp } from './support/test-app';

const MIB = 1024 * 1024;

/**
 * No upload stops the product: what reading an import file may unpack and hold is bounded, and
 * checked while the file streams (docs/api/import.md, "Limits"); the check runs as a job; an
 * import is undone only by its own user or an administrator.
 */
describe('import limits, the check as a job, and who may undo', () => {
  let t: TestApp;
  let staff: SignedIn;

  beforeAll(async () => {
    t = await startTestApp();
    staff = await createStaff(t, { firstName: 'Úna', lastName: 'Limits' });
  });
  afterAll(() => t.close());

  const upload = (body: Buffer, fileName: string, user: SignedIn = staff) =>
    t.http
      .post('/api/import')
      .set('Authorization', user.auth)
      .field('kind', 'organizations')
      .attach('file', body, fileName);
  const status = (id: string, user: SignedIn = staff) =>
    t.http.get(`/api/import/${id}`).set('Authorization', user.auth);
  const importRows = async () =>
    (await t.app.get<Database>(DATABASE).select({ id: imports.id }).from(imports)).length;

  /** Starts the check and follows it to its end, keeping every progress it showed. */
  async function checkToEnd(id: string, user: SignedIn = staff) {
    const started = await t.http
      .post(`/api/import/${id}/check`)
      .set('Authorization', user.auth)
      .send({ onDuplicate: 'skip' });
    expect(started.status).toBe(200);
    const seen: number[] = [started.body.data.progress];
    expect(started.body.data.status).toBe('checking');
    for (let i = 0; i < 1200; i++) {
      const answer = await status(id, user);
      if (answer.body.data.status !== 'checking') return { view: answer.body.data, seen };
      seen.push(answer.body.data.progress);
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    throw new Error('The check did not finish');
  }

  /**
   * The work's time and the growth of this process's RSS (the server runs in it), sampled while
   * the work goes on and once after.
   */
  async function measured<T>(work: () => Promise<T>) {
    const baseline = process.memoryUsage.rss();
    let peak = baseline;
    const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage.rss())), 10);
    const started = performance.now();
    try {
      const result = await work();
      peak = Math.max(peak, process.memoryUsage.rss());
      return {
        result,
        seconds: (performance.now() - started) / 1000,
        growthMiB: (peak - baseline) / MIB,
      };
    } finally {
      clearInterval(sampler);
    }
  }

  const sheet = deflated(
    'xl/worksheets/sheet1.xml',
    sheetXml(
      '<row r="1"><c r="A1" t="s"><v>0</v></c></row><row r="2"><c r="A2" t="s"><v>1</v></c></row>',
    ),
  );
  /** A workbook as Excel orders it: its sheet, then the shared strings. */
  const workbook = (sharedStrings: ZipPart, sheetPart: ZipPart = sheet) =>
    zipOf([...workbookParts(), sheetPart, sharedStrings]);

  describe('hostile workbooks are refused in seconds, the server growing by less than 100 MiB', () => {
    /** 1 GiB of shared strings, each a 1 008-character text: about 3 MB zipped. */
    const stringsBomb = () =>
      repeated(
        'xl/sharedStrings.xml',
        SHARED_STRINGS_HEAD,
        `<si><t>${'x'.repeat(1008)}</t></si>`.repeat(64),
        16 * 1024,
        SHARED_STRINGS_TAIL,
      );
    /** One shared string of 600 MB: about 0.6 MB zipped. */
    const oneHugeString = () =>
      repeated(
        'xl/sharedStrings.xml',
        `${SHARED_STRINGS_HEAD}<si><t>`,
        'x'.repeat(MIB),
        600,
        `</t></si><si><t>Beara Boats Teoranta</t></si>${SHARED_STRINGS_TAIL}`,
      );
    /** Shared strings as large as their zip directory says (`mib`), over the limit: refused. */
    const overTheLimit = (mib: string) => ({
      lie: undefined,
      answer: [413, 'IMPORT_LIMIT_EXCEEDED'],
      message: `The workbook's shared strings unpack to ${mib} MiB: an import reads at most ${IMPORT_XLSX_SHARED_STRINGS_MAX_BYTES / MIB} MiB of them (save the sheet as CSV to import more text)`,
    });

    it.each([
      {
        what: 'shared strings unpacking from 3 MB to 1 GiB, as their zip directory says',
        part: stringsBomb,
        ...overTheLimit('1024.0'),
      },
      {
        what: 'the same, the zip directory declaring 10 KiB (counted while unpacking)',
        part: stringsBomb,
        lie: 10 * 1024,
        answer: [400, 'VALIDATION_ERROR'],
        message:
          'The workbook is damaged: xl/sharedStrings.xml unpacks to more than the 10 240 bytes its zip directory declares',
      },
      {
        what: 'one 600 MB string in 0.6 MB, as its zip directory says',
        part: oneHugeString,
        ...overTheLimit('600.0'),
      },
      {
        what: 'the same, its zip directory declaring 30 MiB (the text measured while it streams)',
        part: oneHugeString,
        lie: 30 * MIB,
        answer: [413, 'IMPORT_LIMIT_EXCEEDED'],
        message: `The workbook's xl/sharedStrings.xml holds a text or tag longer than any cell: a cell holds at most 32 767 characters`,
      },
    ])('$what', async ({ part, lie, answer, message }) => {
      const strings = part();
      const file = workbook(lie === undefined ? strings : { ...strings, size: lie });
      expect(file.length).toBeLessThan(4 * MIB);
      const before = await importRows();
      const { result, seconds, growthMiB } = await measured(() => upload(file, 'book.xlsx'));
      expect(result.status).toBe(answer[0]);
      expect(result.body).toMatchObject({ ok: false, code: answer[1], message });
      expect(seconds).toBeLessThan(5);
      expect(growthMiB).toBeLessThan(100);
      expect(await importRows()).toBe(before);
    });

    it(`a sheet of 400 MB holding one inline string: refused when the text passes a cell's ${IMPORT_CELL_MAX_CHARS} characters`, async () => {
      const hugeSheet = repeated(
        'xl/worksheets/sheet1.xml',
        sheetXml('<row r="1"><c r="A1" t="inlineStr"><is><t>').replace(
          '</sheetData></worksheet>',
          '',
        ),
        'x'.repeat(MIB),
        400,
        '</t></is></c></row></sheetData></worksheet>',
      );
      expect(hugeSheet.size).toBeLessThan(IMPORT_XLSX_UNPACKED_MAX_BYTES);
      const file = zipOf([...workbookParts(), hugeSheet]);
      const { result, seconds, growthMiB } = await measured(() => upload(file, 'inline.xlsx'));
      expect(result.status).toBe(413);
      expect(result.body).toMatchObject({
        code: 'IMPORT_LIMIT_EXCEEDED',
        message:
          "The workbook's xl/worksheets/sheet1.xml holds a text or tag longer than any cell: a cell holds at most 32 767 characters",
      });
      expect(seconds).toBeLessThan(5);
      expect(growthMiB).toBeLessThan(100);
    });

    it(`more than ${IMPORT_XLSX_SHARED_STRINGS_MAX} shared strings are refused while they stream`, async () => {
      const many = repeated(
        'xl/sharedStrings.xml',
        SHARED_STRINGS_HEAD,
        '<si><t>a</t></si>'.repeat(1000),
        IMPORT_XLSX_SHARED_STRINGS_MAX / 1000 + 1,
        SHARED_STRINGS_TAIL,
      );
      expect(many.size).toBeLessThan(IMPORT_XLSX_SHARED_STRINGS_MAX_BYTES);
      const res = await upload(workbook(many), 'many-strings.xlsx');
      expect(res.status).toBe(413);
      expect(res.body).toMatchObject({
        code: 'IMPORT_LIMIT_EXCEEDED',
        message:
          'The workbook holds more than 1 000 000 shared strings, the most an import reads (save the sheet as CSV to import more text)',
      });
    });

    it('a DTD (entities that could expand) is refused before the parser reads it', async () => {
      const strings = deflated(
        'xl/sharedStrings.xml',
        `<?xml version="1.0"?><!DOCTYPE sst [<!ENTITY a "aaaaaaaaaa">]>${SHARED_STRINGS_HEAD.replace(/^<\?xml[^>]*>/, '')}<si><t>&a;</t></si>${SHARED_STRINGS_TAIL}`,
      );
      const res = await upload(workbook(strings), 'dtd.xlsx');
      expect(res.status).toBe(400);
      expect(res.body.message).toMatch(/holds a declaration \(<!D…\) Excel never writes/);
    });
  });

  it('a workbook written as Excel writes it (sheet first, then shared strings) is read', async () => {
    const strings = deflated(
      'xl/sharedStrings.xml',
      `${SHARED_STRINGS_HEAD}<si><t>Company name</t></si><si><t>Beara Boats Teoranta</t></si>${SHARED_STRINGS_TAIL}`,
    );
    const res = await upload(workbook(strings), 'excel-order.xlsx');
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      format: 'xlsx',
      sheets: ['Book'],
      sheet: 'Book',
      columns: ['Company name'],
    });
    expect(res.body.data.preview[0].organization).toEqual({ name: 'Beara Boats Teoranta' });
  });

  describe('CSV rows, cells and columns past their limits', () => {
    const wide = Array.from({ length: IMPORT_COLUMNS_MAX + 1 }, (_, i) => `v${i}`).join(',');
    it.each([
      {
        what: `a cell of ${IMPORT_CELL_MAX_CHARS} characters is read`,
        csv: `Company name\n${'x'.repeat(IMPORT_CELL_MAX_CHARS)}\n`,
        refused: undefined,
      },
      {
        what: `a cell of ${IMPORT_CELL_MAX_CHARS + 1} characters`,
        csv: `Company name\n${'x'.repeat(IMPORT_CELL_MAX_CHARS + 1)}\n`,
        refused: 'The cell at row 2, column 1 holds 32 768 characters; a cell holds at most 32 767',
      },
      {
        what: `a data row with a value in column ${IMPORT_COLUMNS_MAX + 1}`,
        csv: `Company name\n${wide}\n`,
        refused: 'Row 2 has a value in column 201; at most 200 columns can be imported',
      },
      {
        what: `a data row whose trailing cells are empty is read`,
        csv: `Company name\nBeara Boats${','.repeat(IMPORT_COLUMNS_MAX + 50)}\n`,
        refused: undefined,
      },
      {
        what: `a row longer than ${IMPORT_ROW_MAX_BYTES / MIB} MiB`,
        csv: `Company name\n${`${'y'.repeat(30_000)},`.repeat(36)}\n`,
        refused:
          'A row is longer than 1 MiB (near line 2), the most an import reads in one row: is a quote left open, is it really CSV?',
      },
    ])('$what', async ({ csv, refused }) => {
      const res = await upload(Buffer.from(csv), 'limits.csv');
      if (refused === undefined) {
        expect(res.status).toBe(200);
        return;
      }
      expect(res.status).toBe(413);
      expect(res.body).toMatchObject({ code: 'IMPORT_LIMIT_EXCEEDED', message: refused });
    });

    it(`a file of more than ${IMPORT_ROWS_MAX} rows: its check fails in seconds, before any lookup`, async () => {
      const csv = Buffer.from(`Company name\n${'Row Limit Ltd\n'.repeat(IMPORT_ROWS_MAX)}`);
      const res = await upload(csv, 'too-many-rows.csv');
      // The upload reads the file's head only.
      expect(res.status).toBe(200);
      const { result, seconds } = await measured(() => checkToEnd(res.body.data._id));
      expect(result.view).toMatchObject({
        status: 'check_failed',
        failure: `The file has more than 500 000 rows, the most an import reads: split it into several files`,
        check: null,
      });
      expect(seconds).toBeLessThan(30);
      // Nothing counted, nothing to run; it can be checked again (and fails again).
      const run = await t.http
        .post(`/api/import/${res.body.data._id}/run`)
        .set('Authorization', staff.auth);
      expect(run.status).toBe(409);
      expect(run.body.message).toBe(
        'The check of this import failed: check it again before running it',
      );
    });
  });

  it('the check is a background job whose progress grows to its result', async () => {
    const rows = Array.from({ length: 6_000 }, (_, i) => `Progress Check ${i} Ltd,PRG-${i}`);
    const res = await upload(
      Buffer.from(['Company name,CRO number', ...rows, 'Progress Check 0 Ltd,PRG-0'].join('\n')),
      'progress.csv',
    );
    expect(res.status).toBe(200);
    const id = res.body.data._id;
    const { view, seen } = await checkToEnd(id);
    expect(seen[0]).toBe(0);
    expect(seen.some((progress) => progress > 0 && progress < 1)).toBe(true);
    expect([...seen].sort((a, b) => a - b)).toEqual(seen);
    expect(view).toMatchObject({
      status: 'checked',
      check: {
        rows: 6_001,
        errorCount: 0,
        duplicateCount: 1,
        duplicates: [{ row: 6_002, duplicateOfRow: 2 }],
      },
    });
    expect(view.check.preview).toHaveLength(5);
    // Checked again with other settings; a check asked for while one goes on is refused.
    const again = await t.http
      .post(`/api/import/${id}/check`)
      .set('Authorization', staff.auth)
      .send({ onDuplicate: 'update' });
    expect(again.body.data).toMatchObject({ status: 'checking', onDuplicate: 'update' });
    const meanwhile = await t.http
      .post(`/api/import/${id}/check`)
      .set('Authorization', staff.auth)
      .send({ onDuplicate: 'skip' });
    expect(meanwhile.status).toBe(409);
    expect(meanwhile.body).toMatchObject({
      code: 'IMPORT_STATE_CONFLICT',
      message: 'The import is being checked: wait for the result of that check',
    });
    for (let i = 0; i < 400 && (await status(id)).body.data.status === 'checking'; i++) {
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    expect((await status(id)).body.data).toMatchObject({
      status: 'checked',
      onDuplicate: 'update',
    });
  });

  describe('who may undo an import', () => {
    let owner: SignedIn;
    let colleague: SignedIn;
    let admin: SignedIn;

    beforeAll(async () => {
      owner = await createStaff(t, { firstName: 'Orla', lastName: 'Owner' });
      colleague = await createStaff(t, { firstName: 'Cian', lastName: 'Colleague' });
      admin = await createAdmin(t, { firstName: 'Aisling', lastName: 'Admin' });
    });

    async function importedBy(user: SignedIn, name: string): Promise<string> {
      const res = await upload(Buffer.from(`Company name\n${name}\n`), `${name}.csv`, user);
      const id = res.body.data._id as string;
      expect((await checkToEnd(id, user)).view.status).toBe('checked');
      await t.http.post(`/api/import/${id}/run`).set('Authorization', user.auth).expect(200);
      for (let i = 0; i < 200; i++) {
        if ((await status(id, user)).body.data.status === 'done') return id;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      throw new Error('The import did not finish');
    }
    const undo = (id: string, user: SignedIn) =>
      t.http.post(`/api/import/${id}/undo`).set('Authorization', user.auth);

    it.each([
      { who: 'another staff member', as: () => colleague, answer: 403 },
      { who: 'the one who ran it', as: () => owner, answer: 200 },
      { who: 'an administrator', as: () => admin, answer: 200 },
    ])('by $who: $answer', async ({ who, as, answer }) => {
      const id = await importedBy(owner, `Undo Rights ${who} Ltd`);
      const res = await undo(id, as());
      expect(res.status).toBe(answer);
      if (answer === 403) {
        expect(res.body).toMatchObject({
          code: 'FORBIDDEN',
          message: 'Only Orla Owner or an administrator can undo this import',
        });
        // Refused, it changed nothing.
        expect((await status(id)).body.data).toMatchObject({ status: 'done', undo: null });
      } else {
        expect(res.body.data).toMatchObject({ status: 'undoing', userId: owner.user._id });
      }
    });
  });
});
