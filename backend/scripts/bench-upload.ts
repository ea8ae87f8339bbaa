/**
 * `npm run bench:upload`: uploads a 1 GiB file (BENCH_UPLOAD_BYTES to change it) to the built
 * server started as a child process, and prints the server's peak RSS growth during the upload
 * and the throughput, next to `cat` of the same file to the same disk. The server runs on the
 * embedded database in a throw-away DATA_DIR (or DATABASE_URL when set).
 */
import { execFileSync } from 'node:child_process';
import { createWriteStream, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { finished } from 'node:stream/promises';
import { postFileStreamed, rssBytes, serverAnswering } from './bench-support';
import { startBuiltServer } from './server-process';

const SIZE = Number(process.env.BENCH_UPLOAD_BYTES ?? 1024 * 1024 * 1024);
const PORT = Number(process.env.BENCH_PORT ?? 3190);
const CODE = 'bench-upload-code';

const mib = (bytes: number) => (bytes / 1024 / 1024).toFixed(1);

async function writeTestFile(path: string): Promise<void> {
  const out = createWriteStream(path);
  const chunk = Buffer.alloc(4 * 1024 * 1024);
  for (let i = 0; i < chunk.length; i += 4) chunk.writeUInt32LE((i * 2654435761) >>> 0, i);
  for (let written = 0; written < SIZE; written += chunk.length) {
    if (!out.write(written + chunk.length <= SIZE ? chunk : chunk.subarray(0, SIZE - written))) {
      await new Promise<void>((done) => out.once('drain', () => done()));
    }
  }
  out.end();
  await finished(out);
}

async function api(
  path: string,
  body: unknown,
  token?: string,
): Promise<{ token?: string; data: { _id: string } }> {
  const response = await fetch(`http://127.0.0.1:${PORT}${path}`, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      ...(token ? { Authorization: `JWT ${token}` } : {}),
    },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${path}: HTTP ${response.status} ${await response.text()}`);
  return (await response.json()) as { token?: string; data: { _id: string } };
}

async function main(): Promise<void> {
  const work = mkdtempSync(join(tmpdir(), 'registra-bench-upload-'));
  const file = join(work, 'upload.bin');
  const server = startBuiltServer({
    NODE_ENV: 'development',
    PORT: String(PORT),
    DATA_DIR: join(work, 'data'),
    SIGNUP_SECRET_CODE: CODE,
    LOG_LEVEL: 'warn',
    FILE_MAX_BYTES: String(Math.max(SIZE, 1)),
  });
  try {
    await writeTestFile(file);
    await serverAnswering(`http://127.0.0.1:${PORT}`, 120);
    const { token } = await api('/api/user/signup', {
      firstName: 'Bench',
      lastName: 'Upload',
      email: 'bench@upload.local',
      password: 'quiet harbour lanterns at dusk',
      secretCode: CODE,
    });
    const person = await api('/api/people', { firstName: 'Upload', lastName: 'Target' }, token);

    const baseline = rssBytes(server.pid!);
    let peak = baseline;
    const sampler = setInterval(() => (peak = Math.max(peak, rssBytes(server.pid!))), 20);
    const started = performance.now();
    const { status } = await postFileStreamed({
      port: PORT,
      path: '/api/file',
      token: token!,
      field: { name: 'folder', value: `people/${person.data._id}` },
      file,
      fileName: 'bench.bin',
      contentType: 'application/octet-stream',
    });
    const seconds = (performance.now() - started) / 1000;
    clearInterval(sampler);
    if (status !== 200) throw new Error(`upload answered HTTP ${status}`);

    const catStarted = performance.now();
    execFileSync('sh', ['-c', `cat "${file}" > "${join(work, 'data', 'cat-copy.bin')}" && sync`]);
    const catSeconds = (performance.now() - catStarted) / 1000;

    console.log(`Registra upload bench: ${mib(SIZE)} MiB file, ${statSync(file).size} bytes`);
    console.log(`server RSS before upload      ${mib(baseline).padStart(9)} MiB`);
    console.log(`server peak RSS during upload ${mib(peak).padStart(9)} MiB`);
    console.log(`peak RSS growth               ${mib(peak - baseline).padStart(9)} MiB`);
    console.log(
      `upload (HTTP, streamed)       ${(SIZE / 1024 / 1024 / seconds).toFixed(1).padStart(9)} MiB/s  (${seconds.toFixed(2)} s)`,
    );
    console.log(
      `cat to the same disk          ${(SIZE / 1024 / 1024 / catSeconds).toFixed(1).padStart(9)} MiB/s  (${catSeconds.toFixed(2)} s)`,
    );
  } finally {
    server.kill('SIGTERM');
    rmSync(work, { recursive: true, force: true });
  }
}

void main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
