import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The Node.js flags the server runs with, wherever it runs (`npm start`, the image's CMD, the
 * benches, the instances test, the walks): backend/node-flags.json, the one list (ADR 0118).
 */
export const SERVER_NODE_FLAGS: string[] = JSON.parse(
  readFileSync(join(__dirname, '..', 'node-flags.json'), 'utf8'),
) as string[];
