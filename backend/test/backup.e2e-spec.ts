import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { backup, BackupError, restore } from '../src/platform/backup/backup';
import { auditRowsOf } from './support/audit';
import { createDatabase, dropDatabase } from './support/databases';
import { createUser, startTestApp } from './support/test-app';

/** Data safety: a backup restored into a fresh database and files folder is whole. */
describe('npm run backup / npm run restore', () => {
  const folders: string[] = [];
  const databases: string[] = [];
  const folder = (prefix: string) => {
    const dir = mkdtempSync(join(tmpdir(), `registra-${prefix}-`));
    folders.push(dir);
    return dir;
  };
  afterAll(async () => {
    for (const dir of folders) rmSync(dir, { recursive: true, force: true });
    for (const name of databases) await dropDatabase(name);
  });

  it('round trip on PostgreSQL: records, links, files and audit rows are all back', async () => {
    const source = await createDatabase('registra_backup');
    databases.push(source.name);
    const sourceDir = folder('backup-source');
    const t = await startTestApp({ DATABASE_URL: source.url, DATA_DIR: sourceDir });
    const { auth } = await createUser(t);
    const organization = (
      await t.http
        .post('/api/organization')
        .set('Authorization', auth)
        .send({ name: 'Backed Up Ltd' })
    ).body.data;
    const person = (
      await t.http
        .post('/api/people')
        .set('Authorization', auth)
        .send({ firstName: 'Bríd', lastName: 'Safe' })
    ).body.data;
    const link = await t.http
      .post('/api/linkpeopleorganization')
      .set('Authorization', auth)
      .send({ peopleId: person._id, organizationId: organization._id });
    expect(link.status).toBe(200);
    const file = (
      await t.http
        .post('/api/file')
        .set('Authorization', auth)
        .field('folder', `organization/${organization._id}/bank`)
        .attach('file', Buffer.from('bank letter'), {
          filename: 'letter.txt',
          contentType: 'text/plain',
        })
    ).body.data;
    const auditBefore = (await auditRowsOf(t, organization._id)).map((row) => row.action);
    await t.close();

    const archive = join(folder('backup-out'), 'registra.tar.gz');
    const manifest = await backup(
      { databaseUrl: source.url, dataDir: sourceDir, filesInS3: false },
      archive,
    );
    expect(manifest).toMatchObject({ database: 'postgres', files: true });

    const target = await createDatabase('registra_restore');
    databases.push(target.name);
    const targetDir = folder('restore-target');
    await restore(archive, { databaseUrl: target.url, dataDir: targetDir, filesInS3: false });

    const restored = await startTestApp({ DATABASE_URL: target.url, DATA_DIR: targetDir });
    try {
      const again = (await createUser(restored)).auth;
      const get = (path: string) => restored.http.get(path).set('Authorization', again);
      expect((await get(`/api/organization/${organization._id}`)).body.data.name).toBe(
        'Backed Up Ltd',
      );
      expect((await get(`/api/people/${person._id}`)).body.data.firstName).toBe('Bríd');
      const members = await restored.http
        .post('/api/linkpeopleorganization/search')
        .set('Authorization', again)
        .send({ organizationId: organization._id });
      expect(
        members.body.data.map((row: { peopleId: { _id: string } }) => row.peopleId._id),
      ).toEqual([person._id]);
      expect((await get(file.url)).text).toBe('bank letter');
      expect((await auditRowsOf(restored, organization._id)).map((row) => row.action)).toEqual(
        auditBefore,
      );
    } finally {
      await restored.close();
    }

    // Never into a database or a files folder that already holds a book.
    await expect(
      restore(archive, {
        databaseUrl: target.url,
        dataDir: folder('restore-other'),
        filesInS3: false,
      }),
    ).rejects.toThrow(new BackupError('The database is not empty: restore into an empty one'));
    const other = await createDatabase('registra_restore');
    databases.push(other.name);
    await expect(
      restore(archive, { databaseUrl: other.url, dataDir: targetDir, filesInS3: false }),
    ).rejects.toThrow(/The files folder .* is not empty/);
  });

  it('round trip of the embedded database (PGlite)', async () => {
    const sourceDir = folder('backup-pglite');
    const t = await startTestApp({ DATABASE_URL: undefined, DATA_DIR: sourceDir });
    const { auth } = await createUser(t);
    const organization = (
      await t.http
        .post('/api/organization')
        .set('Authorization', auth)
        .send({ name: 'Embedded Ltd' })
    ).body.data;
    await t.close();

    const archive = join(folder('backup-pglite-out'), 'embedded.tar.gz');
    expect(
      await backup({ databaseUrl: undefined, dataDir: sourceDir, filesInS3: false }, archive),
    ).toMatchObject({ database: 'pglite' });
    const targetDir = folder('restore-pglite');
    await restore(archive, { databaseUrl: undefined, dataDir: targetDir, filesInS3: false });
    const restored = await startTestApp({ DATABASE_URL: undefined, DATA_DIR: targetDir });
    try {
      const again = (await createUser(restored)).auth;
      const res = await restored.http
        .get(`/api/organization/${organization._id}`)
        .set('Authorization', again);
      expect(res.body.data.name).toBe('Embedded Ltd');
    } finally {
      await restored.close();
    }
    await expect(
      restore(archive, {
        databaseUrl: 'postgres://postgres@127.0.0.1:5432/test',
        dataDir: folder('x'),
        filesInS3: false,
      }),
    ).rejects.toThrow('This backup is of the embedded database: unset DATABASE_URL to restore it');
    // Two embedded databases each migrated from the first migration on (in WebAssembly): a
    // minute when the two cores are shared with the rest of the run.
  }, 180_000);
});
