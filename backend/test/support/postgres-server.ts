import { execFile, execFileSync } from 'node:child_process';
import { chownSync, mkdtempSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { Client } from 'pg';

const run = promisify(execFile);
const BIN = process.env.PG_BIN ?? '/usr/lib/postgresql/15/bin';

/**
 * A private PostgreSQL cluster in a temporary folder, on its own port, so a test can stop the
 * database under a running app and start it again without touching the machine's server.
 * PostgreSQL refuses to run as root: when the tests run as root, the cluster runs as `postgres`.
 */
export class TestPostgres {
  private readonly dir: string;
  private readonly asUser: string[];

  constructor(readonly port: number) {
    // Under /tmp itself: the test run's own temporary folder is private to its user.
    this.dir = mkdtempSync(join('/tmp', 'registra-pg-'));
    const root = process.getuid?.() === 0;
    if (root) {
      const { uid, gid } = postgresIds();
      chownSync(this.dir, uid, gid);
    }
    this.asUser = root ? ['runuser', '-u', 'postgres', '--'] : [];
  }

  get url(): string {
    return `postgres://postgres@127.0.0.1:${this.port}/registra`;
  }

  private exec(command: string, args: string[]) {
    const [file, ...prefix] = this.asUser.length ? this.asUser : [join(BIN, command)];
    const fullArgs = this.asUser.length ? [...prefix, join(BIN, command), ...args] : args;
    return run(file, fullArgs, { timeout: 60_000 });
  }

  /** initdb, start, and an empty `registra` database. */
  async create(): Promise<void> {
    await this.exec('initdb', [
      '-D',
      join(this.dir, 'data'),
      '-A',
      'trust',
      '-U',
      'postgres',
      '--no-sync',
    ]);
    await this.start();
    const client = new Client({
      connectionString: `postgres://postgres@127.0.0.1:${this.port}/postgres`,
    });
    await client.connect();
    await client.query('CREATE DATABASE registra');
    await client.end();
  }

  async start(): Promise<void> {
    await this.exec('pg_ctl', [
      '-D',
      join(this.dir, 'data'),
      '-l',
      join(this.dir, 'log'),
      '-o',
      `-p ${this.port} -k ${this.dir} -c listen_addresses=127.0.0.1 -c fsync=off`,
      '-w',
      'start',
    ]);
  }

  /** Stops at once, as a crash or a restart would cut every connection. */
  async stop(): Promise<void> {
    await this.exec('pg_ctl', [
      '-D',
      join(this.dir, 'data'),
      '-m',
      'immediate',
      '-w',
      'stop',
    ]).catch(() => undefined);
  }

  async destroy(): Promise<void> {
    await this.stop();
    rmSync(this.dir, { recursive: true, force: true });
  }
}

function postgresIds(): { uid: number; gid: number } {
  // getent is on every Debian machine; the package creates the postgres user.
  const line = execFileSync('getent', ['passwd', 'postgres']).toString().split(':');
  return { uid: Number(line[2]), gid: Number(line[3]) };
}
