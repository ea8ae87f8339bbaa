import { existsSync, readFileSync, rmSync } from 'node:fs';
import { dirname } from 'node:path';
import type { ContractViolation } from './api-contract';
import { dropDatabase } from './databases';

export default async function globalTeardown(): Promise<void> {
  if (process.env.TEST_DATABASE_NAME) await dropDatabase(process.env.TEST_DATABASE_NAME);
  reportContractViolations(process.env.API_CONTRACT_LOG);
}

/**
 * The run's drifts from the OpenAPI document, each kind once with how often it was met (each
 * test that met one has failed already, naming it).
 */
function reportContractViolations(log: string | undefined): void {
  if (!log) return;
  if (existsSync(log)) {
    const counts = new Map<string, number>();
    for (const line of readFileSync(log, 'utf8').split('\n').filter(Boolean)) {
      const v = JSON.parse(line) as ContractViolation;
      // Items of a list counted as one place: /data/*/_id.
      const kind = `${v.route} ${v.status} at ${v.at.replace(/\/\d+(?=\/|$)/g, '/*')}: ${v.message}`;
      counts.set(kind, (counts.get(kind) ?? 0) + 1);
    }
    const lines = [...counts].map(([kind, count]) => `  ${count}× ${kind}`);
    console.error(
      `\nAnswers that differ from the OpenAPI document in this run:\n${lines.join('\n')}\n`,
    );
  }
  rmSync(dirname(log), { recursive: true, force: true });
}
