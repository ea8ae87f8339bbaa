/**
 * `npm run backup [-- FILE]`: one archive with the database and the stored files, under
 * `backups/` by default. Reads the same settings as the server (DATABASE_URL, DATA_DIR, S3_*).
 */
import { join } from 'node:path';
import { backup, BackupError } from '../src/platform/backup/backup';
import { loadConfig } from '../src/platform/config/app-config';

async function main(): Promise<void> {
  const config = loadConfig(process.env);
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  const out = process.argv[2] ?? join(process.cwd(), 'backups', `registra-${stamp}.tar.gz`);
  const manifest = await backup(
    { databaseUrl: config.databaseUrl, dataDir: config.dataDir, filesInS3: Boolean(config.s3) },
    out,
  );
  console.log(
    `Backup written: ${out} (${manifest.database} database${manifest.files ? ', stored files' : '; files stay in S3'})`,
  );
}

void main().catch((error: unknown) => {
  console.error(error instanceof BackupError ? error.message : error);
  process.exit(1);
});
