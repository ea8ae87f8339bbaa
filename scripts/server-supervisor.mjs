#!/usr/bin/env node
// `npm start`'s supervisor (ADR 0121): runs the built server as a child process and starts it
// again when it dies, after a delay that doubles while it keeps dying. scripts/start.mjs builds,
// then supervises; run alone (`node scripts/server-supervisor.mjs`) it supervises the server as
// it is built.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

/** The delay before the first restart; each further quick death doubles it, up to the cap. */
export const FIRST_RESTART_DELAY_MS = 1_000;
export const MAX_RESTART_DELAY_MS = 30_000;
/** A server that stayed up this long before it died starts the count again: restart 1. */
export const STABLE_AFTER_MS = 60_000;

/** The signals that stop `npm start`: the server gets them too, and is not started again. */
export const STOP_SIGNALS = ['SIGINT', 'SIGTERM'];

/** How long to wait before restart number `attempt` (1, 2, 3...): 1 s, 2 s, 4 s... up to 30 s. */
export function restartDelay(attempt) {
  return Math.min(FIRST_RESTART_DELAY_MS * 2 ** (attempt - 1), MAX_RESTART_DELAY_MS);
}

/** The number of the next restart, after restart `previous` (0: none yet) ran for `upMs`. */
export function nextAttempt(previous, upMs) {
  return upMs >= STABLE_AFTER_MS ? 1 : previous + 1;
}

/** "exited with code 134", "was killed by SIGKILL". */
export function describeExit(code, signal) {
  return signal ? `was killed by ${signal}` : `exited with code ${code}`;
}

const seconds = (ms) => `${Math.round(ms / 1000)} s`;

/**
 * Runs `command` with `args` and keeps it running: a death (a non-zero exit, or a signal other
 * than the stop signals this process was sent) is restarted after `restartDelay`, with one line on
 * stderr. The child says when it is up (an IPC message, backend/src/main.ts); one that dies before
 * it was ever up (a bad setting, a port in use) ends the supervisor with its exit code instead, as
 * it would fail the same way again. A stop signal goes to the child, and the supervisor ends when
 * the child has; an exit with code 0 ends it too.
 */
export function superviseServer({ command, args, cwd }) {
  const log = (line) => console.error(`[supervisor] ${line}`);
  let child;
  let startedAt = 0;
  let attempt = 0;
  let everUp = false;
  /** The stop signal received, if any. */
  let stopping;
  let pendingRestart;

  const start = () => {
    pendingRestart = undefined;
    startedAt = Date.now();
    // The IPC channel carries "up", and its closing tells the server its supervisor is gone.
    child = spawn(command, args, { cwd, stdio: ['inherit', 'inherit', 'inherit', 'ipc'] });
    const { pid } = child;
    console.log(`[supervisor] Server started (pid ${pid}).`);
    child.on('message', (message) => {
      if (message?.registra === 'up') everUp = true;
    });
    child.on('error', (error) => {
      log(`The server could not be started: ${error.message}`);
      process.exit(1);
    });
    child.on('exit', (code, signal) => {
      const upMs = Date.now() - startedAt;
      if (stopping) {
        process.exit(code === 0 || signal === stopping ? 0 : (code ?? 1));
      }
      if (code === 0) {
        log(`The server (pid ${pid}) exited with code 0: not restarted.`);
        process.exit(0);
      }
      if (!everUp) {
        log(
          `The server (pid ${pid}) ${describeExit(code, signal)} before it was up; not restarted.`,
        );
        process.exit(code ?? 1);
      }
      attempt = nextAttempt(attempt, upMs);
      const delay = restartDelay(attempt);
      log(
        `The server (pid ${pid}) ${describeExit(code, signal)} after ${seconds(upMs)} up; ` +
          `restart ${attempt} in ${seconds(delay)}.`,
      );
      pendingRestart = setTimeout(start, delay);
    });
  };

  const stop = (signal) => {
    stopping = signal;
    if (pendingRestart) {
      // Between a death and its restart: nothing runs, nothing to wait for.
      clearTimeout(pendingRestart);
      log(`${signal} while the server was down: not restarted.`);
      process.exit(0);
    }
    // Ctrl-C also reaches the server from the terminal: it shuts down once and ignores the repeat.
    child.kill(signal);
  };
  for (const signal of STOP_SIGNALS) process.on(signal, () => stop(signal));

  // npm passes a stop signal to the shell that runs the script, and that shell ends without
  // passing it on: under npm, the parent going away is the stop signal.
  if (process.env.npm_lifecycle_event) {
    const parent = process.ppid;
    setInterval(() => {
      if (process.ppid !== parent && !stopping) stop('SIGTERM');
    }, 500).unref();
  }
  start();
}

/** The built server (backend/dist/main.js) with its Node.js flags (backend/node-flags.json). */
export function superviseBuiltServer() {
  // The same list the image's CMD carries (ADR 0118).
  const nodeFlags = JSON.parse(readFileSync(join(root, 'backend/node-flags.json'), 'utf8'));
  superviseServer({
    command: process.execPath,
    args: [...nodeFlags, join(root, 'backend/dist/main.js')],
    cwd: root,
  });
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  superviseBuiltServer();
}
