import { createDatabase } from './databases';

/** One fresh database per test run; workers inherit its URL through the environment. */
export default async function globalSetup(): Promise<void> {
  const { name, url } = await createDatabase();
  process.env.TEST_DATABASE_NAME = name;
  process.env.TEST_DATABASE_URL = url;
}
