#!/usr/bin/env node
// The monitoring's configuration checked like code (docs/operations.md): Prometheus' scrape
// configuration and alert rules by promtool itself (`check config`, `check rules`), the alerts by
// their unit tests (`test rules deploy/prometheus/*.test.yml`), and every alert with a test and a
// runbook section in docs/operations.md. Where promtool is not installed (Debian's `prometheus`
// package has it; .ci/run installs it), promtool's part is skipped with a note.
import { spawnSync } from 'node:child_process';
import {
  copyFileSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const prometheusDir = join(root, 'deploy', 'prometheus');
const problems = [];

// Every alert has a unit test and a runbook section ("### <AlertName>") in docs/operations.md.
const rules = readFileSync(join(prometheusDir, 'alerts.yml'), 'utf8');
const alerts = [...rules.matchAll(/^\s*- alert: (\S+)$/gm)].map((match) => match[1]);
const tests = readdirSync(prometheusDir)
  .filter((name) => name.endsWith('.test.yml'))
  .map((name) => readFileSync(join(prometheusDir, name), 'utf8'))
  .join('\n');
const operations = readFileSync(join(root, 'docs', 'operations.md'), 'utf8');
if (alerts.length === 0) problems.push('deploy/prometheus/alerts.yml declares no alert');
for (const alert of alerts) {
  if (!new RegExp(`alertname: ${alert}$`, 'm').test(tests)) {
    problems.push(`${alert} has no test in deploy/prometheus/*.test.yml`);
  }
  if (!new RegExp(`^### ${alert}$`, 'm').test(operations)) {
    problems.push(`${alert} has no runbook section ("### ${alert}") in docs/operations.md`);
  }
  if (!rules.includes(`runbook: docs/operations.md#${alert.toLowerCase()}`)) {
    problems.push(`${alert}'s runbook annotation does not point at its section`);
  }
}

// Every metric the alerts and the dashboard read is one the server exports (a name in backend/src),
// one of Node's defaults (process_, nodejs_) or Prometheus' own `up`: a typo fails here.
function sourceFiles(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory()
      ? sourceFiles(join(dir, entry.name))
      : entry.name.endsWith('.ts') && !entry.name.endsWith('.spec.ts')
        ? [join(dir, entry.name)]
        : [],
  );
}
const exported = new Set(
  sourceFiles(join(root, 'backend', 'src')).flatMap((file) =>
    [...readFileSync(file, 'utf8').matchAll(/name: '([a-z_]+)'/g)].map((match) => match[1]),
  ),
);
const dashboardsDir = join(root, 'deploy', 'grafana', 'dashboards');
const dashboards = readdirSync(dashboardsDir).filter((name) => name.endsWith('.json'));
const queries = [
  ...[...rules.matchAll(/expr: ([^\n]*(?:\n {10,}[^\n]*)*)/g)].map((match) => [
    'alerts.yml',
    match[1],
  ]),
  ...dashboards.flatMap((name) => {
    const dashboard = JSON.parse(readFileSync(join(dashboardsDir, name), 'utf8'));
    return dashboard.panels.flatMap((panel) =>
      (panel.targets ?? []).map((target) => [name, target.expr]),
    );
  }),
];
for (const [where, query] of queries) {
  for (const [name] of query.matchAll(/\b(?:registra|http)_[a-z_]+/g)) {
    const base = name.replace(/_(?:bucket|count|sum)$/, '');
    if (!exported.has(name) && !exported.has(base)) {
      problems.push(`${where} reads ${name}, which the server does not export`);
    }
  }
}

const promtool = spawnSync('promtool', ['--version'], { encoding: 'utf8' });
if (promtool.error) {
  console.log('promtool is not installed (Debian: apt-get install prometheus): rules not run');
} else {
  const run = (args, cwd = root) => {
    const result = spawnSync('promtool', args, { cwd, encoding: 'utf8' });
    process.stdout.write(result.stdout);
    process.stderr.write(result.stderr);
    if (result.status !== 0) problems.push(`promtool ${args.join(' ')} failed`);
  };
  run(['check', 'rules', 'deploy/prometheus/alerts.yml']);
  const testFiles = readdirSync(prometheusDir).filter((name) => name.endsWith('.test.yml'));
  run(['test', 'rules', ...testFiles], prometheusDir);
  // The scrape configuration reads the token from a file an install makes: a stand-in here.
  const copy = mkdtempSync(join(tmpdir(), 'registra-prometheus-'));
  try {
    for (const name of ['prometheus.yml', 'alerts.yml']) {
      copyFileSync(join(prometheusDir, name), join(copy, name));
    }
    writeFileSync(join(copy, 'metrics-token'), 'stand-in', { mode: 0o600 });
    run(['check', 'config', 'prometheus.yml'], copy);
  } finally {
    rmSync(copy, { recursive: true, force: true });
  }
}

if (problems.length > 0) {
  for (const problem of problems) console.error(`✗ ${problem}`);
  process.exit(1);
}
console.log(
  `${alerts.length} alerts, each with a test and a runbook section; ${queries.length} queries read exported metrics`,
);
