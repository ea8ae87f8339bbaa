import { dropDatabase } from './databases';

export default async function globalTeardown(): Promise<void> {
  if (process.env.TEST_DATABASE_NAME) await dropDatabase(process.env.TEST_DATABASE_NAME);
}
