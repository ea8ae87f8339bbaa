/**
 * `npm run bench:load`: 50 staff working at once against the built server on the large book
 * (DATABASE_URL, seeded with `npm run seed:large`), loopback only, for BENCH_LOAD_SECONDS (30 by
 * default). A realistic mix: searches, detail reads, updates, small uploads, the dashboard, a
 * record's history. Prints per route requests/s, p50/p95/p99 and errors, and the server's RSS at
 * start and end. `npm run bench:load -- --soak` runs 10 minutes and says whether there was no
 * error and the RSS grew under 10 %. Output format: docs/benchmarks.md.
 */
import { join, resolve } from 'node:path';
import { rssBytes, serverAnswering } from './bench-support';
import { startBuiltServer } from './server-process';

const SOAK = process.argv.includes('--soak');
const SECONDS = SOAK ? 600 : Number(process.env.BENCH_LOAD_SECONDS ?? 30);
const STAFF = Number(process.env.BENCH_LOAD_STAFF ?? 50);
const PORT = Number(process.env.BENCH_PORT ?? 3191);
const CODE = 'bench-load-code';
const BASE = `http://127.0.0.1:${PORT}`;
const root = resolve(__dirname, '../..');

const SEARCH_TERMS = ['murphy', 'kelly', 'emerald', 'byrne', 'holdings', 'walsh', 'sio', 'dublin'];

const rssMiB = (pid: number) => rssBytes(pid) / 1024 / 1024;

interface Sample {
  route: string;
  ms: number;
  ok: boolean;
}

interface Staff {
  token: string;
  headers: Record<string, string>;
}

interface Book {
  organizationIds: string[];
  personIds: string[];
}

const pick = <T>(items: readonly T[]): T => items[Math.floor(Math.random() * items.length)];

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- answers read ad hoc by this script
async function json(path: string, init: RequestInit = {}): Promise<{ status: number; body: any }> {
  const response = await fetch(`${BASE}${path}`, init);
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : undefined };
}

/** One staff member's next action, weighted like a working day: mostly reading and searching. */
function nextAction(staff: Staff, book: Book): { route: string; run: () => Promise<Response> } {
  const roll = Math.random();
  /** A POST of `body` to /api`path`, its route named after the path (and `what` it is for). */
  const post = (path: string, body: Record<string, unknown>, what?: string) => ({
    route: `POST ${path}${what ? ` (${what})` : ''}`,
    run: () =>
      fetch(`${BASE}/api${path}`, {
        method: 'POST',
        headers: staff.headers,
        body: JSON.stringify(body),
      }),
  });
  const get = (route: string, path: string) => ({
    route,
    run: () => fetch(`${BASE}/api${path}`, { headers: staff.headers }),
  });
  if (roll < 0.25) return post('/organization/search', { search: pick(SEARCH_TERMS), limit: 25 });
  if (roll < 0.45) return post('/people/search', { search: pick(SEARCH_TERMS), limit: 25 });
  if (roll < 0.6) {
    return get('GET /organization/{id}', `/organization/${pick(book.organizationIds)}`);
  }
  if (roll < 0.7) return get('GET /people/{id}', `/people/${pick(book.personIds)}`);
  if (roll < 0.77) {
    return post('/linkpeopleorganization/search', { organizationId: pick(book.organizationIds) });
  }
  if (roll < 0.83) {
    const id = pick(book.organizationIds);
    return {
      route: 'PUT /organization/{id}',
      run: () =>
        fetch(`${BASE}/api/organization/${id}`, {
          method: 'PUT',
          headers: staff.headers,
          body: JSON.stringify({ comments: `Checked on ${new Date().toISOString()}` }),
        }),
    };
  }
  if (roll < 0.87) {
    const list = { inProgress: true, completed: false, limit: 25 };
    return post('/followUp/search', { ...list, sortField: 'deadline', sortOrder: 'asc' }, 'list');
  }
  if (roll < 0.9) {
    const organization_id = pick(book.organizationIds);
    return post('/followUp/search', { organization_id, archived_at: null }, 'tab');
  }
  if (roll < 0.92) {
    const status = pick(['TO DO', 'IN PROGRESS', 'DONE']);
    const column = { sortField: 'updatedAt', sortOrder: 'desc', page: 1, limit: 7 };
    return post('/task/search', { status, ...column }, 'column');
  }
  const newestPage = { sortOrder: 'desc', page: 1, limit: 25 };
  if (roll < 0.925) return post('/order/search', { sortField: 'dateOrder', ...newestPage });
  if (roll < 0.93) return post('/form/search', { sortField: 'createdAt', ...newestPage });
  if (roll < 0.95) return get('GET /dashboard', '/dashboard');
  if (roll < 0.97) {
    const id = pick(book.organizationIds);
    return get('GET /audit (history)', `/audit?recordType=organization&recordId=${id}&limit=25`);
  }
  const id = pick(book.personIds);
  return {
    route: 'POST /file (4 KiB)',
    run: () => {
      const form = new FormData();
      form.append('folder', `people/${id}`);
      form.append('file', new Blob([Buffer.alloc(4096, 65)], { type: 'text/plain' }), 'note.txt');
      return fetch(`${BASE}/api/file`, {
        method: 'POST',
        headers: { Authorization: staff.headers.Authorization },
        body: form,
      });
    },
  };
}

const percentile = (sorted: number[], p: number) =>
  sorted.length === 0
    ? 0
    : sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

async function main(): Promise<void> {
  if (!process.env.DATABASE_URL) {
    console.error(
      'bench:load needs DATABASE_URL (a PostgreSQL server seeded with npm run seed:large)',
    );
    process.exit(1);
  }
  // The uploads' bytes stay next to their rows in the bench database.
  const dataDir = process.env.DATA_DIR ?? join(root, 'data', 'bench-load');
  const server = startBuiltServer({
    NODE_ENV: 'development',
    PORT: String(PORT),
    DATA_DIR: dataDir,
    SIGNUP_SECRET_CODE: CODE,
    LOG_LEVEL: 'warn',
    // 50 staff sign in from one address at the start.
    AUTH_ATTEMPTS_PER_MINUTE: '100000',
  });
  try {
    await serverAnswering(BASE, 240);
    const stamp = Date.now();
    const staff: Staff[] = [];
    for (let i = 0; i < STAFF; i++) {
      const signedUp = await json('/api/user/signup', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({
          firstName: 'Load',
          lastName: `Staff ${i}`,
          email: `load.${stamp}.${i}@registra.local`,
          password: 'quiet harbour lanterns at dusk',
          secretCode: CODE,
        }),
      });
      if (signedUp.status !== 200) throw new Error(`sign-up: HTTP ${signedUp.status}`);
      const token = signedUp.body.token as string;
      staff.push({
        token,
        headers: { Authorization: `JWT ${token}`, 'Content-Type': 'application/json' },
      });
    }
    const list = async (path: string) =>
      (
        await json(path, {
          method: 'POST',
          headers: staff[0].headers,
          body: JSON.stringify({ limit: 200, page: 3 }),
        })
      ).body.data.map((row: { _id: string }) => row._id) as string[];
    const book: Book = {
      organizationIds: await list('/api/organization/search'),
      personIds: await list('/api/people/search'),
    };
    if (book.organizationIds.length === 0 || book.personIds.length === 0)
      throw new Error('the book is empty: run npm run seed:large first');

    const rssBefore = rssMiB(server.pid!);
    // A warm-up under the same load, not counted: the heap and the pools reach their working size
    // first, so the RSS growth measured afterwards is what the run itself adds.
    const warmUpSeconds = Math.min(60, Math.max(5, Math.round(SECONDS / 5)));
    const drive = async (seconds: number, samples: Sample[] | null) => {
      const until = Date.now() + seconds * 1000;
      await Promise.all(
        staff.map(async (member) => {
          while (Date.now() < until) {
            const action = nextAction(member, book);
            const t0 = performance.now();
            let ok: boolean;
            try {
              const response = await action.run();
              await response.arrayBuffer();
              ok = response.status < 400;
            } catch {
              ok = false;
            }
            samples?.push({ route: action.route, ms: performance.now() - t0, ok });
          }
        }),
      );
    };
    await drive(warmUpSeconds, null);
    const rssStart = rssMiB(server.pid!);
    const samples: Sample[] = [];
    const started = performance.now();
    await drive(SECONDS, samples);
    const elapsed = (performance.now() - started) / 1000;
    const rssEnd = rssMiB(server.pid!);

    const routes = [...new Set(samples.map((sample) => sample.route))].sort();
    console.log(
      `Registra load: ${STAFF} staff, ${SECONDS} s${SOAK ? ' (soak)' : ''}, ${samples.length} requests, ${(samples.length / elapsed).toFixed(0)} req/s`,
    );
    console.log(
      `${'route'.padEnd(36)}${'req/s'.padStart(8)}${'p50'.padStart(8)}${'p95'.padStart(8)}${'p99'.padStart(8)}${'errors'.padStart(8)}`,
    );
    for (const route of routes) {
      const of = samples.filter((sample) => sample.route === route);
      const sorted = of.map((sample) => sample.ms).sort((a, b) => a - b);
      const errors = of.filter((sample) => !sample.ok).length;
      console.log(
        `${route.padEnd(36)}${(of.length / elapsed).toFixed(1).padStart(8)}${percentile(sorted, 50).toFixed(1).padStart(8)}${percentile(sorted, 95).toFixed(1).padStart(8)}${percentile(sorted, 99).toFixed(1).padStart(8)}${String(errors).padStart(8)}`,
      );
    }
    const errors = samples.filter((sample) => !sample.ok).length;
    const growth = ((rssEnd - rssStart) / rssStart) * 100;
    console.log(`errors: ${errors}`);
    console.log(
      `server RSS: ${rssBefore.toFixed(1)} MiB before the load, ${rssStart.toFixed(1)} MiB at start (after a ${warmUpSeconds} s warm-up), ${rssEnd.toFixed(1)} MiB at end (${growth >= 0 ? '+' : ''}${growth.toFixed(1)} %)`,
    );
    if (SOAK) {
      const holds = errors === 0 && growth < 10;
      console.log(`soak: ${holds ? 'ok' : 'MISS'} (no error and RSS growth under 10 %)`);
      if (!holds) process.exitCode = 1;
    }
  } finally {
    server.kill('SIGTERM');
  }
}

void main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
