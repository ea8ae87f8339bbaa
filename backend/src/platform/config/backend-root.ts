import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

const PACKAGE_NAME = '@registra/backend';

/**
 * The backend package's folder (the one holding its package.json), found upward from `from`.
 * The files that ship beside the code (migrations, mail templates, the built web client next
 * door) are found from it, whichever layout runs the code: src under ts-node or Jest, dist for
 * the built server, dist-bench for the benchmark's build of src and scripts together.
 */
export function findBackendRoot(from: string): string {
  for (let folder = from; ; folder = dirname(folder)) {
    const manifest = join(folder, 'package.json');
    if (existsSync(manifest)) {
      const { name } = JSON.parse(readFileSync(manifest, 'utf8')) as { name?: string };
      if (name === PACKAGE_NAME) return folder;
    }
    if (dirname(folder) === folder) {
      throw new Error(`No ${PACKAGE_NAME} package.json above ${from}`);
    }
  }
}

export const BACKEND_ROOT = findBackendRoot(__dirname);
