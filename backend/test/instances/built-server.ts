import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

const BACKEND = join(__dirname, '..', '..');
const ROOT = join(BACKEND, '..');
/** The server as `npm start` and the image run it. */
export const BUILT_MAIN = join(BACKEND, 'dist', 'main.js');

/** Newest modification time of the files under `path`, skipping build output. */
function newest(path: string): number {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let latest = 0;
  for (const entry of readdirSync(path)) {
    if (entry !== 'node_modules' && entry !== 'dist')
      latest = Math.max(latest, newest(join(path, entry)));
  }
  return latest;
}

/** When a build last wrote: tsc's incremental build leaves unchanged files as they were. */
function builtAt(output: string, buildInfo: string): number {
  if (!existsSync(output)) return 0;
  return Math.max(
    statSync(output).mtimeMs,
    existsSync(buildInfo) ? statSync(buildInfo).mtimeMs : 0,
  );
}

const packages = [
  {
    workspace: '@registra/domain',
    output: join(ROOT, 'libs/domain/dist/index.js'),
    buildInfo: join(ROOT, 'libs/domain/dist/.tsbuildinfo'),
    sources: [join(ROOT, 'libs/domain/src')],
  },
  {
    workspace: '@registra/backend',
    output: BUILT_MAIN,
    buildInfo: join(BACKEND, 'dist/.tsbuildinfo'),
    sources: [join(BACKEND, 'src'), join(ROOT, 'libs/domain/src')],
  },
];

/**
 * The instances test runs the built server, as production does. `npm test` builds it just before
 * (the step "build the product"); a run of this test alone builds what is missing or older than
 * its sources, so it never tests a stale build.
 */
export function ensureBuiltServer(): void {
  for (const pkg of packages) {
    const sourcesAt = Math.max(...pkg.sources.map(newest));
    if (builtAt(pkg.output, pkg.buildInfo) >= sourcesAt) continue;
    console.log(`Building ${pkg.workspace} for the instances test...`);
    const build = spawnSync('npm', ['run', 'build', '-w', pkg.workspace], {
      cwd: ROOT,
      stdio: 'inherit',
    });
    if (build.status !== 0) throw new Error(`Building ${pkg.workspace} failed`);
  }
}
