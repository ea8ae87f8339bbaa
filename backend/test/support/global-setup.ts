import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createDatabase } from './databases';

/** One fresh database per test run; workers inherit its URL through the environment. */
export default async function globalSetup(): Promise<void> {
  const { name, url } = await createDatabase();
  process.env.TEST_DATABASE_NAME = name;
  process.env.TEST_DATABASE_URL = url;
  // The run's answers that differ from the OpenAPI document, summed up by the global teardown.
  process.env.API_CONTRACT_LOG = join(
    mkdtempSync(join(tmpdir(), 'registra-contract-')),
    'violations.jsonl',
  );
}
