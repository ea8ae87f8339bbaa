import { rmSync } from 'node:fs';

/** Removes the throw-away DATA_DIR the config made for this run (the server has stopped). */
export default function globalTeardown(): void {
  const dir = process.env.E2E_DATA_DIR;
  if (dir && process.env.E2E_DATA_DIR_OWNED === '1') rmSync(dir, { recursive: true, force: true });
}
