// Writes the API's OpenAPI document (the one served at /api/docs-json) to a file, without a
// server on a port: the app is created with its real modules on a throwaway embedded database,
// its controllers read, and closed. Used by `npm test` (scripts/check-openapi.mjs).
//   node -r ts-node/register/transpile-only backend/scripts/export-openapi.ts <file.json>
import 'reflect-metadata';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { AppModule } from '../src/app.module';
import { API_PREFIX } from '../src/app.factory';
import { loadConfig } from '../src/platform/config/app-config';
import { buildApiDocument } from '../src/platform/http/openapi';

async function main(target: string | undefined): Promise<void> {
  if (!target) throw new Error('Usage: export-openapi.ts <file.json>');
  const dataDir = mkdtempSync(join(tmpdir(), 'registra-openapi-'));
  try {
    // No DATABASE_URL: an embedded database under the throwaway folder; its secrets are made there.
    const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, LOG_LEVEL: 'silent' });
    const app = await NestFactory.create<NestExpressApplication>(AppModule.forRoot(config), {
      bodyParser: false,
      logger: false,
    });
    app.setGlobalPrefix(API_PREFIX);
    writeFileSync(target, `${JSON.stringify(buildApiDocument(app), null, 2)}\n`);
    await app.close();
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main(process.argv[2]).then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error instanceof Error ? error.stack : error);
    process.exit(1);
  },
);
