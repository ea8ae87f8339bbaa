#!/usr/bin/env node
// The API description as a client would use it (docs/api-conventions.md "The OpenAPI document"):
// 1. the server's OpenAPI document, written from the real controllers without a server on a port;
// 2. linted by Redocly (redocly.yaml: the recommended rules, all of them errors);
// 3. TypeScript types generated from it by openapi-typescript, and the web client's own types
//    checked against them (frontend/openapi/contract.ts): a drift between the server's document
//    and the client fails here.
import { spawnSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
// Git-ignored: made afresh by every run.
const generated = join(root, 'frontend', 'openapi', 'generated');
const documentFile = join(generated, 'openapi.json');
const typesFile = join(generated, 'registra-api.d.ts');

const steps = [
  [
    'write the OpenAPI document',
    'node',
    ['-r', 'ts-node/register/transpile-only', 'backend/scripts/export-openapi.ts', documentFile],
    { TS_NODE_PROJECT: 'backend/tsconfig.json' },
  ],
  ['lint it (Redocly)', 'npx', ['redocly', 'lint', documentFile, '--config', 'redocly.yaml']],
  [
    'generate client types (openapi-typescript)',
    'npx',
    ['openapi-typescript', documentFile, '--output', typesFile],
  ],
  [
    "check the web client's types against them",
    'npx',
    ['tsc', '-p', 'frontend/openapi/tsconfig.json'],
  ],
];

mkdirSync(generated, { recursive: true });
for (const [name, command, args, env = {}] of steps) {
  console.log(`--- ${name}`);
  const result = spawnSync(command, args, {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, ...env },
  });
  if (result.status !== 0) {
    console.error(`✗ ${name} failed`);
    process.exit(result.status ?? 1);
  }
}
