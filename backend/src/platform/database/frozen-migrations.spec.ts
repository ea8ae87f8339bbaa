import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MIGRATIONS_FOLDER } from './database';
import { checkMigrations, FROZEN_MANIFEST, sha256 } from './frozen-migrations';

describe('committed migrations are frozen', () => {
  it('every migration of the journal has the content it was committed with', () => {
    const check = checkMigrations(MIGRATIONS_FOLDER);
    // A changed or removed migration: write a new one instead. Unfrozen: a new migration, to be
    // added to the manifest with `npm run db:freeze -w @registra/backend`.
    expect(check).toEqual({ changed: [], missing: [], unfrozen: [] });
  });

  it.each([
    ['an edited migration', 'SELECT 2;', { changed: ['0000_a.sql'], missing: [], unfrozen: [] }],
    ['an untouched one', 'SELECT 1;', { changed: [], missing: [], unfrozen: [] }],
  ])('tells %s', (_, content, expected) => {
    const folder = mkdtempSync(join(tmpdir(), 'registra-migrations-'));
    try {
      mkdirSync(join(folder, 'meta'));
      writeFileSync(
        join(folder, 'meta', '_journal.json'),
        JSON.stringify({ entries: [{ tag: '0000_a' }] }),
      );
      writeFileSync(join(folder, FROZEN_MANIFEST), `${sha256('SELECT 1;')}  0000_a.sql\n`);
      writeFileSync(join(folder, '0000_a.sql'), content);
      expect(checkMigrations(folder)).toEqual(expected);
      writeFileSync(join(folder, 'meta', '_journal.json'), JSON.stringify({ entries: [] }));
      expect(checkMigrations(folder).missing).toEqual(['0000_a.sql']);
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });
});
