import databaseSetup from '../support/global-setup';
import { ensureBuiltServer } from './built-server';

/** The built server, up to date, and one fresh database for the run. */
export default async function globalSetup(): Promise<void> {
  ensureBuiltServer();
  await databaseSetup();
}
