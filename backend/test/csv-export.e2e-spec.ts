import { sql } from 'drizzle-orm';
import express from 'express';
import type { Server } from 'node:http';
import request from 'supertest';
import { openPglite, openPostgres } from '../src/platform/database/database';
import type { DatabaseHandle } from '../src/platform/database/database';
import { readInBatches } from '../src/platform/database/cursor';
import { sendCsv } from '../src/platform/http/csv';
import { readText } from './support/http';

interface NumberRow {
  n: number;
  label: string;
}

const numbers = (count: number) =>
  sql`SELECT g AS "n", 'row ' || g AS "label" FROM generate_series(1, ${count}::int) AS g ORDER BY g`;

describe.each([
  ['PostgreSQL', () => openPostgres(process.env.TEST_DATABASE_URL as string, 2)],
  ['embedded PGlite', () => openPglite(undefined)],
])('reading a whole list through a cursor on %s', (_driver, open) => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await open();
  });
  afterAll(async () => {
    await handle.close();
  });

  it.each([
    [0, 1000, []],
    [999, 1000, [999]],
    [1000, 1000, [1000]],
    [2500, 1000, [1000, 1000, 500]],
  ])('%i rows in batches of %i arrive as %j', async (count, batchSize, expected) => {
    const sizes: number[] = [];
    const seen: number[] = [];
    const total = await readInBatches<NumberRow>(
      handle.db,
      numbers(count),
      (rows) => {
        sizes.push(rows.length);
        seen.push(...rows.map((row) => Number(row.n)));
      },
      batchSize,
    );
    expect(total).toBe(count);
    expect(sizes).toEqual(expected);
    expect(seen).toEqual(Array.from({ length: count }, (_, i) => i + 1));
  });
});

describe('streaming a CSV download', () => {
  let handle: DatabaseHandle;
  let server: Server;
  let http: ReturnType<typeof request>;

  beforeAll(async () => {
    handle = openPostgres(process.env.TEST_DATABASE_URL as string, 2);
    const app = express();
    app.get('/export/:count', (req, res, next) => {
      sendCsv<NumberRow>(res, {
        fileName: 'numbers-2026-11-23.csv',
        columns: [
          { header: 'Number', value: (row) => Number(row.n) },
          { header: 'Label, quoted', value: (row) => row.label },
        ],
        rows: (onBatch) => readInBatches(handle.db, numbers(Number(req.params.count)), onBatch),
      }).catch(next);
    });
    app.get('/broken', (_req, res, next) => {
      sendCsv(res, {
        fileName: 'broken.csv',
        columns: [{ header: 'x', value: () => 1 }],
        rows: (onBatch) => readInBatches(handle.db, sql`SELECT * FROM no_such_table`, onBatch),
      }).catch(next);
    });
    app.use(
      (error: Error, _req: express.Request, res: express.Response, _next: express.NextFunction) =>
        res.status(500).json({ message: error.message }),
    );
    server = app.listen(0, '127.0.0.1');
    http = request(server);
  });
  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
    await handle.close();
  });

  it('writes the header row, every row and names the file', async () => {
    const response = await http.get('/export/2500').buffer(true).parse(readText);
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe(
      'attachment; filename="numbers-2026-11-23.csv"',
    );
    const lines = (response.body as string).split('\r\n');
    expect(lines[0]).toBe('\uFEFFNumber,"Label, quoted"');
    expect(lines[1]).toBe('1,row 1');
    expect(lines[2500]).toBe('2500,row 2500');
    expect(lines).toHaveLength(2502); // header, 2500 rows, the empty string after the last CRLF
  });

  it('an empty list is a file with its header row only', async () => {
    const response = await http.get('/export/0').buffer(true).parse(readText);
    expect(response.body).toBe('\uFEFFNumber,"Label, quoted"\r\n');
  });

  it('a failure before the first row is an ordinary error answer, not half a file', async () => {
    const response = await http.get('/broken');
    expect(response.status).toBe(500);
    expect(response.headers['content-type']).toMatch(/json/);
  });
});
