import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';

/** A TCP port nothing listens on now (the OS picks it; its server binds it a moment later). */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}
