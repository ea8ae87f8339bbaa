import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { and, eq, isNull, like, sql } from 'drizzle-orm';
import { importRecords } from '../../src/import/import.schema';
import { organizations } from '../../src/organizations/organizations.schema';
import { DATABASE } from '../../src/platform/database/database';
import type { Database } from '../../src/platform/database/database';
import { waitUntil } from './mail';
import type { TestApp } from './test-app';

/** How many live (not deleted) organizations an import test's file made: CRO `<prefix>-<n>`. */
export async function liveOrganizationsWithCro(t: TestApp, prefix: string): Promise<number> {
  const [row] = await t.app
    .get<Database>(DATABASE)
    .select({ n: sql<number>`count(*)::int` })
    .from(organizations)
    .where(and(like(organizations.cro, `${prefix}-%`), isNull(organizations.deletedAt)));
  return row.n;
}

/** How many records an import wrote down as its own (what its undo deletes). */
export async function importRecordsOf(t: TestApp, importId: string): Promise<number> {
  const [row] = await t.app
    .get<Database>(DATABASE)
    .select({ n: sql<number>`count(*)::int` })
    .from(importRecords)
    .where(eq(importRecords.importId, importId));
  return row.n;
}

const FIXTURES = join(__dirname, '..', 'fixtures', 'import');

/** A file of test/fixtures/import. */
export const importFixture = (name: string): Buffer => readFileSync(join(FIXTURES, name));

/** POST /api/import as `auth`: the file, its kind, and the form's other fields (sheet, encoding…). */
export function uploadForImport(
  t: TestApp,
  auth: string,
  kind: string,
  body: Buffer,
  fileName: string,
  fields: Record<string, string> = {},
) {
  let call = t.http.post('/api/import').set('Authorization', auth).field('kind', kind);
  for (const [name, value] of Object.entries(fields)) call = call.field(name, value);
  return call.attach('file', body, fileName);
}

/**
 * Uploads a file of `rows` new organizations (`<prefix> <name> <n> Ltd`, CRO `<prefix>-<n>`) as
 * `auth` and has it checked (duplicates skipped), waiting up to `checkWithinMs` for the check to
 * end; answers the import's id.
 */
export async function checkedOrganizationsFile(
  t: TestApp,
  auth: string,
  file: { prefix: string; name: string; rows: number; checkWithinMs: number },
): Promise<string> {
  const { prefix, name, rows, checkWithinMs } = file;
  const lines = ['Company name,CRO number'];
  for (let i = 1; i <= rows; i++) lines.push(`${prefix} ${name} ${i} Ltd,${prefix}-${i}`);
  const body = Buffer.from(lines.join('\n'));
  const upload = await uploadForImport(t, auth, 'organizations', body, `${prefix}.csv`);
  expect(upload.status).toBe(200);
  const id = upload.body.data._id as string;
  const check = await t.http
    .post(`/api/import/${id}/check`)
    .set('Authorization', auth)
    .send({ onDuplicate: 'skip' });
  expect(check.status).toBe(200);
  const status = async (): Promise<string> => {
    const res = await t.http.get(`/api/import/${id}`).set('Authorization', auth);
    expect(res.status).toBe(200);
    return res.body.data.status;
  };
  await waitUntil('the check ends', async () => (await status()) !== 'checking', checkWithinMs);
  expect(await status()).toBe('checked');
  return id;
}
