import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { and, eq, isNull, like, sql } from 'drizzle-orm';
import { importRecords } from '../../src/import/import.schema';
import { organizations } from '../../src/organizations/organizations.schema';
import { DATABASE } from '../../src/platform/database/database';
import type { Database } from '../../src/platform/database/database';
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
