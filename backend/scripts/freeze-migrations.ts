/**
 * `npm run db:freeze -w @registra/backend`: adds the SHA-256 of each migration of the journal that
 * the manifest does not hold yet (a new migration, when it is committed). A line already there is
 * never rewritten: a changed migration stays an error for the frozen-migrations test.
 */
import { appendFileSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { MIGRATIONS_FOLDER } from '../src/platform/database/database';
import {
  checkMigrations,
  FROZEN_MANIFEST,
  sha256,
} from '../src/platform/database/frozen-migrations';

const { unfrozen, changed } = checkMigrations(MIGRATIONS_FOLDER);
for (const file of unfrozen) {
  const hash = sha256(readFileSync(join(MIGRATIONS_FOLDER, file)));
  appendFileSync(join(MIGRATIONS_FOLDER, FROZEN_MANIFEST), `${hash}  ${file}\n`);
  console.log(`frozen ${file}`);
}
if (changed.length > 0) {
  console.error(`changed after they were committed (write a new migration): ${changed.join(', ')}`);
  process.exit(1);
}
