import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

const root = join(__dirname, '..', '..');

/**
 * The Node.js flags the server runs with, wherever it runs (`npm start`, the image's CMD, the
 * benches, the instances test, the walks): backend/node-flags.json, the one list (ADR 0118).
 */
export const SERVER_NODE_FLAGS: string[] = JSON.parse(
  readFileSync(join(root, 'backend', 'node-flags.json'), 'utf8'),
) as string[];

/**
 * The built server (backend/dist/main.js) as a child process of a bench, with the server's flags
 * (and `extraFlags`), the bench's environment over this one's, its errors on this one's stderr.
 */
export function startBuiltServer(
  env: Record<string, string>,
  options: { extraFlags?: string[]; /** A file descriptor for its output. */ stdout?: number } = {},
): ChildProcess {
  return spawn(
    process.execPath,
    [...SERVER_NODE_FLAGS, ...(options.extraFlags ?? []), join(root, 'backend/dist/main.js')],
    {
      cwd: root,
      env: { ...process.env, ...env },
      stdio: ['ignore', options.stdout ?? 'ignore', 'inherit'],
    },
  );
}
