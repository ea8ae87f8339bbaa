import { execFile } from 'node:child_process';
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { PGlite } from '@electric-sql/pglite';
import { Client } from 'pg';

const run = promisify(execFile);

/** What an archive holds, written first in it (`manifest.json`). */
export interface BackupManifest {
  format: 'registra-backup';
  version: 1;
  createdAt: string;
  /** `postgres`: a `pg_dump` custom-format dump; `pglite`: the embedded database's data folder. */
  database: 'postgres' | 'pglite';
  /** Stored files included (local storage); false when files live in S3, which keeps its own. */
  files: boolean;
}

export interface BackupSource {
  /** Unset: the embedded database under `dataDir/pgdata`. */
  databaseUrl: string | undefined;
  dataDir: string;
  /** Files in S3 are not copied (the bucket's own versioning and replication keep them). */
  filesInS3: boolean;
}

/** Thrown with a one-line reason the command prints. */
export class BackupError extends Error {}

const PGLITE_DUMP = 'pglite-data.tar.gz';
const PG_DUMP = 'database.dump';

/**
 * Writes one archive (`.tar.gz`) holding the database and the stored files. The
 * PostgreSQL database is dumped with `pg_dump` (consistent while the app runs); the embedded one
 * with PGlite's own dump of its data folder (stop `npm start` first: one process owns it).
 */
export async function backup(source: BackupSource, outFile: string): Promise<BackupManifest> {
  const work = mkdtempSync(join(tmpdir(), 'registra-backup-'));
  try {
    const manifest: BackupManifest = {
      format: 'registra-backup',
      version: 1,
      createdAt: new Date().toISOString(),
      database: source.databaseUrl ? 'postgres' : 'pglite',
      files: !source.filesInS3,
    };
    if (source.databaseUrl) {
      await run(
        'pg_dump',
        ['--format=custom', '--no-owner', `--file=${join(work, PG_DUMP)}`, source.databaseUrl],
        {
          maxBuffer: 64 * 1024 * 1024,
        },
      ).catch((error: Error) => {
        throw new BackupError(`pg_dump failed: ${firstLine(error.message)}`);
      });
    } else {
      const pgdata = join(source.dataDir, 'pgdata');
      if (!existsSync(pgdata)) throw new BackupError(`No embedded database under ${pgdata}`);
      const db = await PGlite.create(pgdata);
      try {
        const dump = await db.dumpDataDir('gzip');
        writeFileSync(join(work, PGLITE_DUMP), Buffer.from(await dump.arrayBuffer()));
      } finally {
        await db.close();
      }
    }
    const files = join(source.dataDir, 'files');
    mkdirSync(join(work, 'files'));
    if (manifest.files && existsSync(files))
      cpSync(files, join(work, 'files'), { recursive: true });
    writeFileSync(join(work, 'manifest.json'), JSON.stringify(manifest, null, 2));
    mkdirSync(dirname(resolve(outFile)), { recursive: true });
    await run('tar', ['-czf', resolve(outFile), '-C', work, '.']);
    return manifest;
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

/**
 * Puts an archive back into an empty database and an empty files folder: refuses anything else,
 * so a restore never mixes two books.
 */
export async function restore(archive: string, target: BackupSource): Promise<BackupManifest> {
  if (!existsSync(archive)) throw new BackupError(`No such archive: ${archive}`);
  const work = mkdtempSync(join(tmpdir(), 'registra-restore-'));
  try {
    await run('tar', ['-xzf', resolve(archive), '-C', work]).catch(() => {
      throw new BackupError(`${basename(archive)} is not a Registra backup (tar.gz)`);
    });
    const manifestPath = join(work, 'manifest.json');
    if (!existsSync(manifestPath))
      throw new BackupError(`${basename(archive)} has no manifest.json`);
    const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as BackupManifest;
    if (manifest.format !== 'registra-backup' || manifest.version !== 1)
      throw new BackupError(`${basename(archive)} is not a Registra backup of a known version`);

    const files = join(target.dataDir, 'files');
    if (existsSync(files) && readdirSync(files).length > 0)
      throw new BackupError(`The files folder ${files} is not empty`);

    if (manifest.database === 'postgres') {
      if (!target.databaseUrl)
        throw new BackupError(
          'This backup is of a PostgreSQL database: set DATABASE_URL to an empty one',
        );
      await assertEmptyPostgres(target.databaseUrl);
      await run(
        'pg_restore',
        ['--no-owner', '--exit-on-error', `--dbname=${target.databaseUrl}`, join(work, PG_DUMP)],
        {
          maxBuffer: 64 * 1024 * 1024,
        },
      ).catch((error: Error) => {
        throw new BackupError(`pg_restore failed: ${firstLine(error.message)}`);
      });
    } else {
      if (target.databaseUrl)
        throw new BackupError(
          'This backup is of the embedded database: unset DATABASE_URL to restore it',
        );
      const pgdata = join(target.dataDir, 'pgdata');
      if (existsSync(pgdata) && readdirSync(pgdata).length > 0)
        throw new BackupError(`The embedded database folder ${pgdata} is not empty`);
      mkdirSync(pgdata, { recursive: true });
      const dump = new Blob([readFileSync(join(work, PGLITE_DUMP))]);
      const db = await PGlite.create(pgdata, { loadDataDir: dump });
      await db.close();
    }
    if (manifest.files) {
      mkdirSync(files, { recursive: true });
      cpSync(join(work, 'files'), files, { recursive: true });
    }
    return manifest;
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

async function assertEmptyPostgres(url: string): Promise<void> {
  const client = new Client({ connectionString: url });
  try {
    await client.connect();
  } catch (error) {
    throw new BackupError(`Cannot reach the database: ${firstLine((error as Error).message)}`);
  }
  try {
    const { rows } = await client.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM pg_tables WHERE schemaname NOT IN ('pg_catalog', 'information_schema')`,
    );
    if (rows[0].n > 0)
      throw new BackupError('The database is not empty: restore into an empty one');
  } finally {
    await client.end();
  }
}

const firstLine = (text: string) => text.split('\n').find((line) => line.trim() !== '') ?? text;
