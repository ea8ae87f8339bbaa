/**
 * `npm run bench`: times the main searches and the duplicates queries over HTTP against the real
 * app, next to the very SQL those requests ran, replayed directly through `pg`. Needs
 * DATABASE_URL (seed it first with `npm run seed:large`). Output format: docs/benchmarks.md.
 */
import { writeFileSync } from 'node:fs';
import { Agent, Server, request } from 'node:http';
import { Client, Pool } from 'pg';
import { createApp } from '../src/app.factory';
import { loadConfig } from '../src/platform/config/app-config';
import { SignInService } from '../src/users/sign-in.service';
import { BENCH_SCENARIO_SETS } from './bench-scenarios';
import type { BenchContext, Measure, Scenario, Target } from './bench-scenarios/support';

interface CapturedQuery {
  text: string;
  values?: unknown[];
}

// Timed runs: at least ITERATIONS, then more while the scenario's timed runs (API and replay) have
// taken less than TIMED_MS, up to MAX_ITERATIONS: a median of 30 samples moves by a millisecond
// from one run to the next on a 2-core VM, one of 200 far less.
const ITERATIONS = Number(process.env.BENCH_ITERATIONS ?? 30);
const MAX_ITERATIONS = Math.max(ITERATIONS, 200);
const TIMED_MS = 3000;
// A scenario is warmed up until the server's code for it is optimised, as it is on a server that
// has run for a while: at least WARMUP_MIN calls, then more until WARMUP_MS have passed (at most
// WARMUP_MAX calls). V8 optimises a call's path after some hundreds of runs: with 100 warm-up
// calls a search still answered ~1 ms slower than after 1000.
const WARMUP_MIN = 3;
const WARMUP_MAX = 300;
const WARMUP_MS = 2000;

// Every query the app sends through `pg` while `capturing` is set is recorded, so the direct
// replay runs exactly the SQL the endpoint ran, and as it ran it: queries sent while another of
// the call's queries was still running (a page and its count, side by side) form one wave,
// replayed side by side too. The session check every authenticated call makes is left out.
let capturing: CapturedQuery[][] | null = null;
let inFlight = 0;

// BENCH_TIMELINE=1: when each step of a call happened, in ms since the client sent it (the
// request's arrival, each statement sent and answered, the answer's end, the client's read).
let timeline: { since: number; marks: [string, number][] } | null = null;
const mark = (step: string) => timeline?.marks.push([step, performance.now() - timeline.since]);
// Only when asked: every request of the timed runs would otherwise go through this wrapper.
if (process.env.BENCH_TIMELINE) {
  const originalEmit = Server.prototype.emit;
  Server.prototype.emit = function timedEmit(this: Server, event: string, ...args: unknown[]) {
    if (timeline && event === 'request') {
      mark('arrived');
      const response = args[1] as { end: (...a: unknown[]) => unknown };
      const end = response.end;
      response.end = function timedEnd(this: unknown, ...a: unknown[]) {
        mark('answer written');
        return end.apply(this, a);
      };
    }
    return (originalEmit as (...a: unknown[]) => boolean).call(this, event, ...args);
  } as typeof Server.prototype.emit;
}

const originalQuery = Client.prototype.query as (...a: unknown[]) => unknown;

/** The query sent as `pg` would, with `answered` called once it has answered. */
function queryThen(client: Client, args: unknown[], answered: () => void): unknown {
  // pg-pool passes a callback; Drizzle on a client awaits the returned promise.
  const last = args.length - 1;
  if (typeof args[last] === 'function') {
    const callback = args[last] as (...r: unknown[]) => unknown;
    args[last] = (...result: unknown[]) => {
      answered();
      return callback(...result);
    };
    return originalQuery.apply(client, args);
  }
  const result = originalQuery.apply(client, args);
  if (result && typeof (result as Promise<unknown>).then === 'function')
    (result as Promise<unknown>).then(answered, answered);
  else answered();
  return result;
}

Client.prototype.query = function patchedQuery(this: Client, ...args: unknown[]) {
  const [config, values] = args as [
    string | { text: string; values?: unknown[] },
    unknown[] | undefined,
  ];
  const text = typeof config === 'string' ? config : config.text;
  const sessionLookup = text.includes('"user_sessions"');
  const step = sessionLookup ? 'session lookup' : 'statement';
  if (timeline) mark(`${step} sent`);
  const timed = timeline ? () => mark(`${step} answered`) : undefined;
  if (!capturing || sessionLookup)
    return timed ? queryThen(this, args, timed) : originalQuery.apply(this, args);
  if (inFlight === 0) capturing.push([]);
  capturing[capturing.length - 1].push({
    text,
    values: typeof config === 'string' ? values : (config.values ?? values),
  });
  inFlight += 1;
  return queryThen(this, args, () => {
    inFlight -= 1;
    timed?.();
  });
} as typeof Client.prototype.query;

function percentile(samples: number[], p: number): number {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

const ms = (value: number) => value.toFixed(1).padStart(8);

async function main(): Promise<void> {
  if (!process.env.DATABASE_URL) {
    console.error('bench needs DATABASE_URL (a PostgreSQL server seeded with npm run seed:large)');
    process.exit(1);
  }
  // An API instance (ADR 0109): a worker's mail sweeps and import polls, sent from this process
  // while a call's statements were recorded, were replayed as the call's own.
  const config = loadConfig({
    ...process.env,
    NODE_ENV: 'development',
    LOG_LEVEL: 'silent',
    REGISTRA_ROLE: 'api',
  });
  const app = await createApp(config);
  await app.listen(0, '127.0.0.1');
  const base = (await app.getUrl()).replace('[::1]', '127.0.0.1');
  const signedIn = await app.get(SignInService).signup({
    firstName: 'Bench',
    lastName: 'Runner',
    email: `bench.${Date.now()}@registra.local`,
    password: 'quiet harbour lanterns at dusk',
    secretCode: config.signupSecretCode,
  });
  const headers = { Authorization: `JWT ${signedIn.token}`, 'Content-Type': 'application/json' };
  // Two connections: a call's side-by-side queries (a page and its count) are replayed side by side.
  const direct = new Pool({ connectionString: process.env.DATABASE_URL, max: 2 });
  // The bench's user is an administrator: it times the admins' Activity log too.
  await direct.query(`UPDATE users SET role = 'admin' WHERE id = $1`, [signedIn.user._id]);
  const connections = await Promise.all([direct.connect(), direct.connect()]);
  const context: BenchContext = {
    base,
    headers,
    async post(path, body) {
      const response = await fetch(`${base}${path}`, {
        method: 'POST',
        headers,
        body: JSON.stringify(body),
      });
      return response.json() as Promise<{ data: unknown }>;
    },
  };
  const scenarios: Scenario[] = [];
  for (const set of BENCH_SCENARIO_SETS) scenarios.push(...(await set(context)));
  // BENCH_ONLY=<text>[|<text>…]: only the scenarios whose name contains one of the texts
  // (profiling one call, or one kind of line on a book too large for the whole bench).
  const only = process.env.BENCH_ONLY?.split('|').filter(Boolean);
  if (only?.length)
    scenarios.splice(
      0,
      scenarios.length,
      ...scenarios.filter((s) => only.some((text) => s.name.includes(text))),
    );
  // Whole-range reads last: the garbage of a 225 000-row export, collected while a page of 25 was
  // being timed, made those pages grow with the book when their SQL did not (ADR 0154).
  scenarios.sort((a, b) => Number(a.wholeRange ?? false) - Number(b.wholeRange ?? false));

  // A timed call ends when the last byte of the answer has arrived; the answer is parsed (and
  // checked) outside the timing, since the bench client shares this process with the server. The
  // client is node:http on one kept-alive connection: `fetch` spends about 0.3 ms of this same
  // process's CPU per call on its own streams, which a browser on another machine never costs
  // the server.
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  const { hostname, port } = new URL(base);
  // Each scenario's request is written once (body, headers): the client shares this process and
  // its core with the server, so it should cost the timing as little as a browser elsewhere would.
  const requests = new Map<Scenario, { body?: string; headers: Record<string, string | number> }>();
  const prepared = (scenario: Scenario) => {
    let prepared = requests.get(scenario);
    if (!prepared) {
      const body = scenario.body ? JSON.stringify(scenario.body) : undefined;
      prepared = {
        body,
        headers: body ? { ...headers, 'Content-Length': Buffer.byteLength(body) } : headers,
      };
      requests.set(scenario, prepared);
    }
    return prepared;
  };
  const send = (scenario: Scenario) =>
    new Promise<{ status: number; text: Buffer }>((resolve, reject) => {
      const { body, headers: requestHeaders } = prepared(scenario);
      const outgoing = request(
        {
          hostname,
          port,
          path: scenario.path,
          method: scenario.method,
          agent,
          headers: requestHeaders,
        },
        (response) => {
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('end', () =>
            resolve({ status: response.statusCode ?? 0, text: Buffer.concat(chunks) }),
          );
          response.on('error', reject);
        },
      );
      outgoing.on('error', reject);
      outgoing.end(body);
    });
  const check = (scenario: Scenario, answer: { status: number; text: Buffer }) => {
    // A CSV export: its rows are its lines, less the header.
    if (answer.status < 400 && scenario.path.includes('/export')) {
      const lines = answer.text.toString('utf8').split('\r\n').length - 2;
      return { ok: true, data: [], totalItems: Math.max(0, lines) };
    }
    const body = JSON.parse(answer.text.toString('utf8')) as {
      ok: boolean;
      data: unknown[];
      totalItems?: number;
    };
    if (answer.status >= 400 || !body.ok)
      throw new Error(
        `${scenario.name}: HTTP ${answer.status} ${answer.text.toString('utf8').slice(0, 200)}`,
      );
    return body;
  };
  const call = async (scenario: Scenario) => check(scenario, await send(scenario));

  // The server's own cache decides whether a large book's pages are read from memory (ADR 0152).
  const { rows: settings } = await connections[0].query<{ sharedBuffers: string }>(
    `SELECT current_setting('shared_buffers') AS "sharedBuffers"`,
  );
  const server = settings[0];
  console.log(
    `Registra bench: ${ITERATIONS}–${MAX_ITERATIONS} timed runs each (${TIMED_MS / 1000} s) after ${WARMUP_MIN}–${WARMUP_MAX} warm-up runs (${WARMUP_MS / 1000} s); PostgreSQL's shared buffers ${server.sharedBuffers}; milliseconds`,
  );
  console.log(
    `${'scenario'.padEnd(38)}${'api p50'.padStart(8)}${'api p95'.padStart(8)}${'sql p50'.padStart(8)}${'sql p95'.padStart(8)}  queries  waits  rows`,
  );
  const results: TargetResult[] = [];
  const lines: BenchLine[] = [];
  for (const scenario of scenarios) {
    // Each scenario starts on a collected heap (`node --expose-gc`, as `npm run bench` starts it),
    // so one scenario's garbage is not collected during the next one's timing.
    (globalThis as { gc?: () => void }).gc?.();
    const warmingSince = performance.now();
    for (
      let i = 0;
      i < WARMUP_MIN || (i < WARMUP_MAX && performance.now() - warmingSince < WARMUP_MS);
      i++
    )
      await call(scenario);
    capturing = [];
    const sampled = await send(scenario);
    const sample = check(scenario, sampled);
    const waves = capturing;
    capturing = null;
    const queries = waves.flat();
    // The i-th statement of a wave runs on the i-th connection, so statements sent one after the
    // other share one connection, as a cursor's DECLARE and its FETCHes must.
    const replay = async () => {
      for (const wave of waves)
        await Promise.all(
          wave.map((query, i) =>
            connections[i % connections.length].query(query.text, query.values as unknown[]),
          ),
        );
    };
    await replay();
    // BENCH_SHOW_SQL=1: the statements each scenario sends, with their parameters (for EXPLAIN).
    if (process.env.BENCH_SHOW_SQL)
      for (const query of queries)
        console.log(
          `-- ${scenario.name}\n${query.text};\n-- ${JSON.stringify(query.values ?? [])}`,
        );

    // API calls and SQL replays alternate, so that the machine's moments of noise fall on both.
    const api: number[] = [];
    const sql: number[] = [];
    const timedSince = performance.now();
    for (
      let i = 0;
      i < ITERATIONS || (i < MAX_ITERATIONS && performance.now() - timedSince < TIMED_MS);
      i++
    ) {
      let started = performance.now();
      const answer = await send(scenario);
      api.push(performance.now() - started);
      check(scenario, answer);
      started = performance.now();
      await replay();
      sql.push(performance.now() - started);
    }
    const measured: Record<Measure, number> = {
      apiP50: percentile(api, 50),
      apiP95: percentile(api, 95),
      sqlP50: percentile(sql, 50),
      overheadP50: percentile(api, 50) - percentile(sql, 50),
      queries: queries.length,
    };
    for (const target of scenario.targets ?? [])
      results.push({ scenario: scenario.name, target, value: measured[target.measure] });
    const rows = sample.totalItems ?? (Array.isArray(sample.data) ? sample.data.length : 1);
    lines.push({
      scenario: scenario.name,
      apiP50: measured.apiP50,
      apiP95: measured.apiP95,
      sqlP50: measured.sqlP50,
      sqlP95: percentile(sql, 95),
      queries: queries.length,
      rows,
      bytes: sampled.text.length,
      ...(scenario.wholeRange ? { wholeRange: true as const } : {}),
    });
    console.log(
      `${scenario.name.padEnd(38)}${ms(percentile(api, 50))}${ms(percentile(api, 95))}${ms(percentile(sql, 50))}${ms(percentile(sql, 95))}  ${String(queries.length).padStart(7)}  ${String(waves.length).padStart(5)}  ${rows}`,
    );
    if (process.env.BENCH_TIMELINE) await printTimeline(scenario, send);
  }
  // BENCH_RESULTS=<file>: the table as JSON, with the book's size, for `npm run bench:growth`.
  if (process.env.BENCH_RESULTS) {
    const { rows: book } = await connections[0].query<{ organizations: number; people: number }>(
      `SELECT (SELECT count(*) FROM organizations)::int AS organizations,
              (SELECT count(*) FROM people)::int AS people`,
    );
    writeFileSync(
      process.env.BENCH_RESULTS,
      JSON.stringify({ book: book[0], server, lines }, null, 1),
    );
  }
  for (const connection of connections) connection.release();
  await direct.end();
  await app.close();
  printTargets(results);
}

/**
 * The median of TIMELINE_CALLS timed calls, step by step (BENCH_TIMELINE=1): where the API's time
 * goes around its statements. Calls follow each other with no replay in between.
 */
const TIMELINE_CALLS = 300;
async function printTimeline(
  scenario: Scenario,
  send: (scenario: Scenario) => Promise<unknown>,
): Promise<void> {
  const calls: { total: number; marks: [string, number][] }[] = [];
  for (let i = 0; i < TIMELINE_CALLS; i++) {
    timeline = { since: performance.now(), marks: [] };
    await send(scenario);
    mark('answer read');
    calls.push({ total: timeline.marks[timeline.marks.length - 1][1], marks: timeline.marks });
    timeline = null;
  }
  calls.sort((a, b) => a.total - b.total);
  const median = calls[Math.floor(calls.length / 2)];
  console.log(
    `  timeline (median of ${TIMELINE_CALLS}, ms): ${median.marks.map(([step, at]) => `${step} ${at.toFixed(2)}`).join(' · ')}`,
  );
}

/** One line of the table, as BENCH_RESULTS writes it. */
export interface BenchLine {
  scenario: string;
  apiP50: number;
  apiP95: number;
  sqlP50: number;
  sqlP95: number;
  queries: number;
  rows: number;
  /** The answer's size in bytes (older results have none). */
  bytes?: number;
  /** A read of a whole range or of the book, timed after the interactive lines. */
  wholeRange?: true;
}

interface TargetResult {
  scenario: string;
  target: Target;
  value: number;
}

/** One line per target after the table: measured value, the bound, and whether it holds. */
function printTargets(results: TargetResult[]): void {
  if (results.length === 0) return;
  console.log('\nTargets (docs/benchmarks.md)');
  for (const { scenario, target, value } of results) {
    const unit = target.measure === 'queries' ? '' : ' ms';
    const shown = target.measure === 'queries' ? String(value) : value.toFixed(1);
    const verdict = value <= target.max ? 'ok  ' : 'MISS';
    console.log(
      `${verdict}  ${`${target.label} — ${scenario}`.padEnd(78)} ${`${shown}${unit}`.padStart(9)}  (≤ ${target.max}${unit})`,
    );
  }
  const missed = results.filter(({ target, value }) => value > target.max).length;
  console.log(`${results.length - missed} of ${results.length} targets hold.`);
}

void main().catch((error: unknown) => {
  const cause = (error as { cause?: { message?: string } }).cause;
  console.error(cause?.message ?? (error instanceof Error ? error.message.slice(0, 300) : error));
  process.exit(1);
});
