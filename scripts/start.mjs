#!/usr/bin/env node
// `npm start`: builds whatever is missing or older than its sources, then serves the API and the
// built web client from one server process on PORT (default 3000), which it supervises: a server
// that dies is started again (scripts/server-supervisor.mjs).
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { superviseBuiltServer } from './server-supervisor.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

// The product runs on the current Node.js LTS line (package.json "engines"); an older Node.js
// still starts it, with a word about it.
const SUPPORTED_NODE_MAJOR = 24;
const nodeMajor = Number(process.versions.node.split('.')[0]);
if (nodeMajor < SUPPORTED_NODE_MAJOR) {
  console.warn(
    `Registra runs on Node.js ${SUPPORTED_NODE_MAJOR} (the current LTS line); this is Node.js ` +
      `${process.versions.node}, past its end of life. It starts, but install Node.js ` +
      `${SUPPORTED_NODE_MAJOR} for production.`,
  );
}

/** Newest modification time under the given paths (files or folders), skipping build output. */
function newest(paths) {
  let latest = 0;
  const visit = (path) => {
    if (!existsSync(path)) return;
    const stat = statSync(path);
    if (stat.isDirectory()) {
      for (const entry of readdirSync(path)) {
        if (entry !== 'node_modules' && entry !== 'dist') visit(join(path, entry));
      }
    } else {
      latest = Math.max(latest, stat.mtimeMs);
    }
  };
  paths.forEach(visit);
  return latest;
}

const packages = [
  {
    workspace: '@registra/domain',
    output: 'libs/domain/dist/index.js',
    sources: ['libs/domain/src', 'libs/domain/tsconfig.build.json'],
  },
  {
    workspace: '@registra/backend',
    output: 'backend/dist/main.js',
    sources: ['backend/src', 'backend/tsconfig.build.json', 'libs/domain/src'],
  },
  {
    workspace: '@registra/frontend',
    output: 'frontend/dist/index.html',
    sources: ['frontend/src', 'frontend/index.html', 'frontend/vite.config.ts', 'libs/domain/src'],
  },
];

for (const pkg of packages) {
  const output = join(root, pkg.output);
  const stale =
    !existsSync(output) || newest(pkg.sources.map((s) => join(root, s))) > statSync(output).mtimeMs;
  if (!stale) continue;
  console.log(`Building ${pkg.workspace}...`);
  const build = spawnSync('npm', ['run', 'build', '-w', pkg.workspace], {
    cwd: root,
    stdio: 'inherit',
  });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

// Serve, and start the server again if it dies (ADR 0121).
superviseBuiltServer();
