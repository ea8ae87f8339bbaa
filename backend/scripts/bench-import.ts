/**
 * `npm run bench:import`: imports 100 000 organizations, 300 000 people and 400 000 roles from
 * CSV into the built server (started as a child process on a fresh PostgreSQL database, dropped
 * at the end) and prints, for each file, the upload, check and run times and the server's peak
 * RSS growth; then undoes the imports, the last one first (roles, people, organizations), timing
 * each undo. While each run and each undo goes on, a member of staff works elsewhere: creates an
 * organization and a person through the API and deletes them again, over and over; the p95 of
 * those creations and deletions is printed per run and undo. Then one line per target: check
 * ≤ 60 s and import ≤ 120 s for the organizations, their undo ≤ 2× their run, creating or
 * deleting elsewhere p95 ≤ 200 ms (the largest of every run and undo; the same work is first timed
 * for 15 s with nothing else going on, the machine's own share), RSS growth ≤ 150 MiB. A
 * small warm-up import of each kind goes first, so the growth measured is the big file's, not the
 * server's first calls (code loaded, compiled). The files are streamed to a temporary folder,
 * removed at the end. BENCH_IMPORT_ORGANIZATIONS / _PEOPLE / _ROLES change the sizes;
 * BENCH_IMPORT_ADMIN_URL (default DATABASE_URL, else the local server) is where the database is
 * made. The machine's load average is printed with the figures (a shared machine is noisy). To see
 * where the server's memory goes: BENCH_IMPORT_SERVER_FLAGS (Node flags for the server, say
 * `--trace-gc`) and BENCH_IMPORT_SERVER_OUTPUT (a file that receives its standard output).
 */
import { createWriteStream, mkdtempSync, openSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { finished } from 'node:stream/promises';
import { Client } from 'pg';
import { formatDate } from '@registra/domain';
import { organizationAt, personAt } from './irish-book';
import { postFileStreamed, rssBytes, serverAnswering } from './bench-support';
import { startBuiltServer } from './server-process';

const ORGANIZATIONS = Number(process.env.BENCH_IMPORT_ORGANIZATIONS ?? 100_000);
const PEOPLE = Number(process.env.BENCH_IMPORT_PEOPLE ?? 300_000);
const ROLES = Number(process.env.BENCH_IMPORT_ROLES ?? 400_000);
const PORT = Number(process.env.BENCH_PORT ?? 3191);
const CODE = 'bench-import-code';
const ADMIN_URL =
  process.env.BENCH_IMPORT_ADMIN_URL ??
  process.env.DATABASE_URL ??
  'postgres://postgres@127.0.0.1:5432/postgres';
const TARGETS = {
  checkSeconds: 60,
  runSeconds: 120,
  rssGrowthMiB: 150,
  /** The organizations' undo, as a multiple of their run. */
  undoOfRun: 2,
  /** Creating or deleting a record elsewhere while a run or an undo goes on, p95. */
  elsewhereP95Ms: 200,
};
/** The pause between two rounds of the work elsewhere (create and delete two records). */
const PROBE_PAUSE_MS = 200;
/** How long the work elsewhere is first timed alone. */
const ALONE_SECONDS = 15;
const BENCH_KIND = 0x31;

/** Rows of each kind the warm-up imports (other names than the measured files'). */
const WARM_UP_ROWS = 200;
const WARM_UP_KIND = 0x51;

const mib = (bytes: number) => bytes / 1024 / 1024;
const load = () =>
  loadavg()
    .map((value) => value.toFixed(2))
    .join(' ');

const csvCell = (value: string | number | null | undefined) => {
  const text = value === null || value === undefined ? '' : String(value);
  return /[",\n\r]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
};

async function writeCsv(
  path: string,
  header: string[],
  count: number,
  row: (i: number) => unknown[],
) {
  const out = createWriteStream(path);
  out.write(`${header.join(',')}\n`);
  for (let i = 0; i < count; i++) {
    const line = `${row(i)
      .map((cell) => csvCell(cell as string))
      .join(',')}\n`;
    if (!out.write(line)) await new Promise<void>((done) => out.once('drain', () => done()));
  }
  out.end();
  await finished(out);
}

async function writeFiles(
  work: string,
  sizes: { organizations: number; people: number; roles: number },
  kind = BENCH_KIND,
  prefix = '',
) {
  const ORGANIZATIONS = sizes.organizations;
  const PEOPLE = sizes.people;
  const ROLES = sizes.roles;
  // The warm-up's organizations are named apart, so the measured file finds none of them.
  const organization = (i: number) => {
    const o = organizationAt(i, kind);
    return prefix ? { ...o, name: `${prefix} ${o.name}`, cro: `${prefix}${o.cro}` } : o;
  };
  const person = (i: number) => {
    const p = personAt(i, kind + 1);
    return prefix ? { ...p, lastName: `${prefix}${p.lastName}` } : p;
  };
  await writeCsv(
    join(work, `${prefix}organizations.csv`),
    ['Name', 'CRO', 'Incorporation date', 'Next AR reminder', 'Creation status'],
    ORGANIZATIONS,
    (i) => {
      const o = organization(i);
      return [
        o.name,
        o.cro,
        formatDate(o.incorporationDate),
        formatDate(o.nextArReminder),
        o.creationStatus,
      ];
    },
  );
  await writeCsv(
    join(work, `${prefix}people.csv`),
    ['First Name', 'Last Name', 'Email', 'Nationality', 'Country', 'VIF'],
    PEOPLE,
    (i) => {
      const p = person(i);
      return [p.firstName, p.lastName, p.mail, p.nationality, p.country, p.vif ? 'ON' : 'OFF'];
    },
  );
  await writeCsv(
    join(work, `${prefix}roles.csv`),
    ['Organization', 'CRO', 'First Name', 'Last Name', 'Roles', 'Beneficiary percentage'],
    ROLES,
    (i) => {
      const o = organization(Math.floor((i * ORGANIZATIONS) / ROLES));
      const p = person((i * 7) % PEOPLE);
      const shareholder = i % 2 === 0;
      return [
        o.name,
        o.cro,
        p.firstName,
        p.lastName,
        shareholder ? 'Director, Shareholder' : 'Secretary',
        shareholder ? 50 : '',
      ];
    },
  );
}

/** A JSON call without a time limit (fetch gives up on an answer after 300 s). */
function api<T>(
  path: string,
  token: string | undefined,
  body?: unknown,
  method = body === undefined ? 'GET' : 'POST',
): Promise<T> {
  const payload = body === undefined ? undefined : Buffer.from(JSON.stringify(body));
  return new Promise((resolvePromise, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port: PORT,
        path: `/api${path}`,
        method,
        headers: {
          'Content-Type': 'application/json',
          ...(payload ? { 'Content-Length': payload.length } : {}),
          ...(token ? { Authorization: `JWT ${token}` } : {}),
        },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () => {
          if ((res.statusCode ?? 500) >= 300)
            return reject(new Error(`${path}: HTTP ${res.statusCode} ${text}`));
          resolvePromise(JSON.parse(text) as T);
        });
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

/** POST /import with the file part streamed from disk. */
async function upload(file: string, kind: string, token: string): Promise<{ _id: string }> {
  const { status, text } = await postFileStreamed({
    port: PORT,
    path: '/api/import',
    token,
    field: { name: 'kind', value: kind },
    file,
    fileName: `${kind}.csv`,
    contentType: 'text/csv',
  });
  if (status !== 200) throw new Error(`upload: HTTP ${status} ${text}`);
  return (JSON.parse(text) as { data: { _id: string } }).data;
}

/** The work of someone elsewhere while a run or an undo goes on: p95 of each kind of call. */
interface Elsewhere {
  createP95Ms: number;
  deleteP95Ms: number;
  /** Calls of each kind. */
  calls: number;
  /**
   * The longest any statement of the bench's database was seen waiting for a lock (sampled every
   * 100 ms): what the calls waited on the run's or the undo's rows, apart from the machine's load.
   */
  lockWaitMs: number;
}

/** How long the oldest statement of the database now waiting for a lock has waited, in ms. */
type LockWaitProbe = () => Promise<number>;

function lockWaitProbe(admin: Client, database: string): LockWaitProbe {
  return async () => {
    const { rows } = await admin.query<{ ms: number | null }>(
      `SELECT max(extract(epoch FROM clock_timestamp() - query_start) * 1000)::float8 AS ms
         FROM pg_stat_activity WHERE datname = $1 AND wait_event_type = 'Lock'`,
      [database],
    );
    return rows[0]?.ms ?? 0;
  };
}

const p95 = (values: number[]) => {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.ceil(sorted.length * 0.95) - 1];
};

/**
 * Starts working elsewhere: round after round, an organization and a person created, then both
 * deleted, each call timed (the tables a run or an undo writes too). `stop()` ends the rounds
 * and answers the figures.
 */
function workElsewhere(
  token: string,
  label: string,
  lockWait: LockWaitProbe,
): { stop(): Promise<Elsewhere> } {
  const creates: number[] = [];
  const deletes: number[] = [];
  let stopped = false;
  let failure: unknown;
  let lockWaitMs = 0;
  let sampling = false;
  const sampler = setInterval(() => {
    if (sampling) return;
    sampling = true;
    void lockWait()
      .then((ms) => (lockWaitMs = Math.max(lockWaitMs, ms)))
      .finally(() => (sampling = false));
  }, 100);
  const timed = async <T>(into: number[], call: () => Promise<T>): Promise<T> => {
    const started = performance.now();
    const answer = await call();
    into.push(performance.now() - started);
    return answer;
  };
  const rounds = (async () => {
    for (let round = 1; !stopped; round++) {
      const organization = await timed(creates, () =>
        api<{ data: { _id: string } }>('/organization', token, {
          name: `Elsewhere ${label} ${round} Ltd`,
        }),
      );
      const person = await timed(creates, () =>
        api<{ data: { _id: string } }>('/people', token, {
          firstName: 'Elsewhere',
          lastName: `${label} ${round}`,
        }),
      );
      await timed(deletes, () =>
        api(`/organization/${organization.data._id}`, token, undefined, 'DELETE'),
      );
      await timed(deletes, () => api(`/people/${person.data._id}`, token, undefined, 'DELETE'));
      await new Promise((done) => setTimeout(done, PROBE_PAUSE_MS));
    }
  })().catch((error: unknown) => (failure = error));
  return {
    async stop() {
      stopped = true;
      await rounds;
      clearInterval(sampler);
      if (failure) throw failure;
      return {
        createP95Ms: p95(creates),
        deleteP95Ms: p95(deletes),
        calls: creates.length,
        lockWaitMs,
      };
    },
  };
}

/** Follows an import's background job until its status is no longer `status`. */
async function waitWhile<T extends { status: string }>(
  id: string,
  token: string,
  status: string,
): Promise<T> {
  for (;;) {
    const answer = (await api<{ data: T }>(`/import/${id}`, token)).data;
    if (answer.status !== status) return answer;
    await new Promise((done) => setTimeout(done, 250));
  }
}

interface Figures {
  id: string;
  kind: string;
  rows: number;
  uploadSeconds: number;
  checkSeconds: number;
  runSeconds: number;
  created: number;
  failed: number;
  rssGrowthMiB: number;
  /** The part of it reached by the check (the rest is the run's). */
  checkRssGrowthMiB: number;
  /** The machine's 1-minute load average at the end of the run. */
  load: string;
  /** Creating and deleting elsewhere while the run went on. */
  runElsewhere: Elsewhere;
  undoSeconds?: number;
  deleted?: number;
  undoElsewhere?: Elsewhere;
  undoLoad?: string;
}

async function importOne(
  pid: number,
  work: string,
  kind: string,
  token: string,
  lockWait: LockWaitProbe,
  prefix = '',
): Promise<Figures> {
  const baseline = rssBytes(pid);
  let peak = baseline;
  const sampler = setInterval(() => (peak = Math.max(peak, rssBytes(pid))), 100);
  try {
    let started = performance.now();
    const { _id } = await upload(join(work, `${prefix}${kind}.csv`), kind, token);
    const uploadSeconds = (performance.now() - started) / 1000;
    started = performance.now();
    // The check is a background job: started, then followed until it is over.
    await api(`/import/${_id}/check`, token, { onDuplicate: 'create' });
    let checked: { status: string; rows: number; failure: string | null };
    for (;;) {
      checked = (await api<{ data: typeof checked }>(`/import/${_id}`, token)).data;
      if (checked.status !== 'checking') break;
      await new Promise((done) => setTimeout(done, 250));
    }
    if (checked.status !== 'checked')
      throw new Error(`${kind}: ${checked.status} ${checked.failure ?? ''}`);
    const checkSeconds = (performance.now() - started) / 1000;
    const checkPeak = Math.max(peak, rssBytes(pid));
    started = performance.now();
    const elsewhere = prefix ? undefined : workElsewhere(token, `run ${kind}`, lockWait);
    await api(`/import/${_id}/run`, token, {});
    const status = await waitWhile<{
      status: string;
      created: number;
      failed: number;
      failure: string | null;
    }>(_id, token, 'running');
    const runSeconds = (performance.now() - started) / 1000;
    const runElsewhere = (await elsewhere?.stop()) ?? {
      createP95Ms: 0,
      deleteP95Ms: 0,
      calls: 0,
      lockWaitMs: 0,
    };
    if (status.status !== 'done')
      throw new Error(`${kind}: ${status.status} ${status.failure ?? ''}`);
    return {
      id: _id,
      kind,
      rows: checked.rows,
      uploadSeconds,
      checkSeconds,
      runSeconds,
      created: status.created,
      failed: status.failed,
      rssGrowthMiB: mib(peak - baseline),
      checkRssGrowthMiB: mib(checkPeak - baseline),
      load: load(),
      runElsewhere,
    };
  } finally {
    clearInterval(sampler);
  }
}

/** Undoes an import (a background job, followed to its end) while someone works elsewhere. */
async function undoOne(figures: Figures, token: string, lockWait: LockWaitProbe): Promise<void> {
  const started = performance.now();
  const elsewhere = workElsewhere(token, `undo ${figures.kind}`, lockWait);
  await api(`/import/${figures.id}/undo`, token, {});
  const status = await waitWhile<{
    status: string;
    failure: string | null;
    undo: { deleted: number } | null;
  }>(figures.id, token, 'undoing');
  figures.undoSeconds = (performance.now() - started) / 1000;
  figures.undoElsewhere = await elsewhere.stop();
  figures.undoLoad = load();
  if (status.status !== 'undone')
    throw new Error(`undo of ${figures.kind}: ${status.status} ${status.failure ?? ''}`);
  figures.deleted = status.undo?.deleted ?? 0;
}

async function main(): Promise<void> {
  const work = mkdtempSync(join(tmpdir(), 'registra-bench-import-'));
  const name = `registra_bench_import_${Date.now()}`;
  const admin = new Client({ connectionString: ADMIN_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${name}"`);
  const lockWait = lockWaitProbe(admin, name);
  const databaseUrl = new URL(ADMIN_URL);
  databaseUrl.pathname = `/${name}`;
  console.log(
    `Writing ${ORGANIZATIONS} organizations, ${PEOPLE} people and ${ROLES} roles as CSV…`,
  );
  await writeFiles(work, { organizations: ORGANIZATIONS, people: PEOPLE, roles: ROLES });
  await writeFiles(
    work,
    { organizations: WARM_UP_ROWS, people: WARM_UP_ROWS, roles: WARM_UP_ROWS },
    WARM_UP_KIND,
    'warm-',
  );
  const serverFlags = (process.env.BENCH_IMPORT_SERVER_FLAGS ?? '').split(/\s+/).filter(Boolean);
  const serverOutput = process.env.BENCH_IMPORT_SERVER_OUTPUT;
  const server = startBuiltServer(
    {
      NODE_ENV: 'development',
      PORT: String(PORT),
      DATABASE_URL: databaseUrl.toString(),
      DATA_DIR: join(work, 'data'),
      SIGNUP_SECRET_CODE: CODE,
      LOG_LEVEL: 'warn',
      IMPORT_MAX_BYTES: String(1024 * 1024 * 1024),
    },
    { extraFlags: serverFlags, stdout: serverOutput ? openSync(serverOutput, 'w') : undefined },
  );
  try {
    await serverAnswering(`http://127.0.0.1:${PORT}`, 240);
    const { token } = await api<{ token: string }>('/user/signup', undefined, {
      firstName: 'Bench',
      lastName: 'Import',
      email: 'bench@import.local',
      password: 'quiet harbour lanterns at dusk',
      secretCode: CODE,
    });
    for (const kind of ['organizations', 'people', 'roles']) {
      await importOne(server.pid!, work, kind, token, lockWait, 'warm-');
    }
    console.log(`${cpus().length} cores; load average (1, 5, 15 min) before: ${load()}`);
    // The same work with nothing else going on: what the machine itself gives those calls.
    const quiet = workElsewhere(token, 'alone', lockWait);
    await new Promise((done) => setTimeout(done, ALONE_SECONDS * 1000));
    const alone = await quiet.stop();
    console.log(
      `creating and deleting elsewhere with nothing else going on, p95: ${alone.createP95Ms.toFixed(0)} ms, ${alone.deleteP95Ms.toFixed(0)} ms (${alone.calls} each)`,
    );
    const figures: Figures[] = [];
    // A size of 0 leaves that file out (BENCH_IMPORT_PEOPLE=0 BENCH_IMPORT_ROLES=0: only the
    // organizations, which carry the time targets).
    const sizes: Record<string, number> = {
      organizations: ORGANIZATIONS,
      people: PEOPLE,
      roles: ROLES,
    };
    for (const kind of ['organizations', 'people', 'roles']) {
      if (sizes[kind] > 0) figures.push(await importOne(server.pid!, work, kind, token, lockWait));
    }
    // The last import first: the roles join the people and organizations the others created.
    for (const f of [...figures].reverse()) await undoOne(f, token, lockWait);
    console.log(
      '\nfile            rows   upload s   check s     run s   created  failed  RSS growth MiB (of it in the check)  load after',
    );
    for (const f of figures) {
      console.log(
        `${f.kind.padEnd(13)} ${String(f.rows).padStart(7)} ${f.uploadSeconds.toFixed(1).padStart(9)} ${f.checkSeconds.toFixed(1).padStart(9)} ${f.runSeconds.toFixed(1).padStart(9)} ${String(f.created).padStart(9)} ${String(f.failed).padStart(7)} ${f.rssGrowthMiB.toFixed(1).padStart(15)} (${f.checkRssGrowthMiB.toFixed(1)})  ${f.load}`,
      );
    }
    const ms = (value: number) => value.toFixed(0).padStart(6);
    const side = (e: Elsewhere) =>
      `${ms(e.createP95Ms)} ${ms(e.deleteP95Ms)} ${ms(e.lockWaitMs)} (${e.calls} each)`.padEnd(36);
    console.log(
      '\nfile            rows     run s  elsewhere p95 ms: create, delete; longest lock wait     undo s   deleted  elsewhere p95 ms: create, delete; longest lock wait  load after',
    );
    for (const f of figures) {
      console.log(
        `${f.kind.padEnd(13)} ${String(f.rows).padStart(7)} ${f.runSeconds.toFixed(1).padStart(9)}  ${side(f.runElsewhere).padEnd(52)} ${(f.undoSeconds as number).toFixed(1).padStart(9)} ${String(f.deleted).padStart(9)}  ${side(f.undoElsewhere as Elsewhere).padEnd(52)} ${f.undoLoad}`,
      );
    }
    const organizations = figures[0];
    const rss = Math.max(...figures.map((f) => f.rssGrowthMiB));
    const elsewhere = figures.flatMap((f) => [f.runElsewhere, f.undoElsewhere as Elsewhere]);
    const line = (what: string, value: number, target: number, unit: string) =>
      console.log(
        `${what.padEnd(44)} ${value.toFixed(1).padStart(7)} ${unit} (target ≤ ${target} ${unit}) ${value <= target ? 'met' : 'MISSED'}`,
      );
    console.log('');
    line(
      `check of ${organizations.rows} organizations`,
      organizations.checkSeconds,
      TARGETS.checkSeconds,
      's',
    );
    line(
      `import of ${organizations.rows} organizations`,
      organizations.runSeconds,
      TARGETS.runSeconds,
      's',
    );
    line(
      `undo of ${organizations.rows} organizations`,
      organizations.undoSeconds as number,
      Number((TARGETS.undoOfRun * organizations.runSeconds).toFixed(1)),
      's',
    );
    line(
      'creating elsewhere meanwhile, p95 (largest)',
      Math.max(...elsewhere.map((e) => e.createP95Ms)),
      TARGETS.elsewhereP95Ms,
      'ms',
    );
    line(
      'deleting elsewhere meanwhile, p95 (largest)',
      Math.max(...elsewhere.map((e) => e.deleteP95Ms)),
      TARGETS.elsewhereP95Ms,
      'ms',
    );
    line('server RSS growth (largest of the three)', rss, TARGETS.rssGrowthMiB, 'MiB');
  } finally {
    server.kill('SIGTERM');
    await new Promise((done) => server.once('exit', done));
    await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`).catch(() => undefined);
    await admin.end();
    rmSync(work, { recursive: true, force: true });
  }
}

void main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
