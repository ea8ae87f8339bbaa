import { createDatabase, dropDatabase } from './databases';
import { startTestApp } from './test-app';
import type { TestApp } from './test-app';

/**
 * The app on a database of its own, created empty (the app migrates it as it starts) and dropped
 * as the app closes: for a file whose facts would change the others' (the first account of a
 * database is its administrator; the firm's settings).
 */
export async function startTestAppOnOwnDatabase(
  prefix: string,
  env: Record<string, string | undefined> = {},
): Promise<TestApp> {
  const database = await createDatabase(prefix);
  let app: TestApp;
  try {
    app = await startTestApp({ DATABASE_URL: database.url, ...env });
  } catch (error) {
    await dropDatabase(database.name);
    throw error;
  }
  return {
    ...app,
    async close() {
      await app.close();
      await dropDatabase(database.name);
    },
  };
}
