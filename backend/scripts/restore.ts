/**
 * `npm run restore -- FILE`: puts a backup back into an empty database (DATABASE_URL, or the
 * embedded one under DATA_DIR) and an empty files folder. Start the server afterwards.
 */
import { BackupError, restore } from '../src/platform/backup/backup';
import { loadConfig } from '../src/platform/config/app-config';

async function main(): Promise<void> {
  const archive = process.argv[2];
  if (!archive) {
    console.error('Usage: npm run restore -- FILE');
    process.exit(1);
  }
  const config = loadConfig(process.env);
  const manifest = await restore(archive, {
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    filesInS3: Boolean(config.s3),
  });
  console.log(
    `Restored ${archive} (${manifest.database} database, backed up ${manifest.createdAt})`,
  );
}

void main().catch((error: unknown) => {
  console.error(error instanceof BackupError ? error.message : error);
  process.exit(1);
});
