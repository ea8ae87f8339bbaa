#!/usr/bin/env node
// `npm test`: every check CI runs, in order, stopping at the first failure.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

const steps = [
  ['build the domain library', 'npm', ['run', 'build', '-w', '@registra/domain']],
  ['typecheck (tsc --noEmit, three packages)', 'npm', ['run', 'typecheck', '--workspaces']],
  ['lint (ESLint, Prettier)', 'npm', ['run', 'lint']],
  [
    "web client's import graph (src/app imported by nothing below it, no cycle)",
    'node',
    ['scripts/check-client-imports.mjs'],
  ],
  [
    'monitoring (promtool: scrape configuration, alert rules and their tests; runbooks)',
    'node',
    ['scripts/check-alerts.mjs'],
  ],
  ['domain rules (Vitest, coverage >= 95 %)', 'npm', ['test', '-w', '@registra/domain']],
  ['API (Jest, real PostgreSQL and Redis)', 'npm', ['test', '-w', '@registra/backend']],
  [
    'API description (OpenAPI: Redocly lint, generated client types against the web client)',
    'node',
    ['scripts/check-openapi.mjs'],
  ],
  ['web client (Vitest, Testing Library)', 'npm', ['test', '-w', '@registra/frontend']],
  ['build the product', 'npm', ['run', 'build']],
  // Right after the build, so that it runs the server just built (ADR 0109).
  [
    'several instances (built server: two API instances and a worker)',
    'npm',
    ['run', 'test:instances', '-w', '@registra/backend'],
  ],
  [
    'browser walks (Playwright, Debian Chromium)',
    'npm',
    ['run', 'test:e2e', '-w', '@registra/frontend'],
  ],
];

// Every step writes its temporary files under one folder of this run: what a test made and did
// not remove is found there afterwards (tests must clean up after themselves).
const runTmp = mkdtempSync(join(tmpdir(), 'registra-test-run-'));
const env = { ...process.env, TMPDIR: runTmp };

const started = Date.now();
for (const [name, command, args] of steps) {
  console.log(`\n=== ${name} ===`);
  const stepStart = Date.now();
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env });
  const seconds = ((Date.now() - stepStart) / 1000).toFixed(0);
  if (result.status !== 0) {
    console.error(`\n✗ ${name} failed after ${seconds} s`);
    rmSync(runTmp, { recursive: true, force: true });
    process.exit(result.status ?? 1);
  }
  console.log(`✓ ${name} (${seconds} s)`);
}
const leftovers = readdirSync(runTmp).filter((entry) => entry.startsWith('registra-'));
rmSync(runTmp, { recursive: true, force: true });
if (leftovers.length > 0) {
  console.error(`\n✗ tests left temporary folders behind: ${leftovers.join(', ')}`);
  process.exit(1);
}
console.log(`\nAll checks passed in ${((Date.now() - started) / 1000).toFixed(0)} s`);
