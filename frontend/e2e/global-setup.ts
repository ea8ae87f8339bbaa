import { mailboxDir, startMailbox } from './mailbox';

/**
 * Starts the walks' mailbox (the product's SMTP_URL points at it) for the whole run; the
 * function it answers closes it.
 */
export default async function globalSetup(): Promise<() => Promise<void>> {
  const dataDir = process.env.E2E_DATA_DIR;
  const port = Number(process.env.E2E_SMTP_PORT);
  if (!dataDir || !port) throw new Error('E2E_DATA_DIR and E2E_SMTP_PORT are set by the config');
  const server = await startMailbox(port, mailboxDir(dataDir));
  return () => new Promise<void>((resolve) => server.close(() => resolve()));
}
