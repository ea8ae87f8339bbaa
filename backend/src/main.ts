import 'reflect-metadata';
import type { INestApplicationContext } from '@nestjs/common';
import { Logger } from 'nestjs-pino';
import { createApp, createWorker } from './app.factory';
import { AppConfig, ConfigError, loadConfig, servesHttp } from './platform/config/app-config';
import { Shutdown } from './platform/health/shutdown';
import { DRAIN_LIMIT_MS, drainable } from './platform/http/graceful-shutdown';
import type { Drainable } from './platform/http/graceful-shutdown';

/** Past this, a stop that has not finished (a hung close) ends the process anyway, with code 1. */
const STOP_LIMIT_MS = DRAIN_LIMIT_MS + 15_000;

/**
 * SIGTERM and SIGINT stop the process without losing work (ADR 0136): readiness answers 503 from
 * then on, an API instance stops taking connections and answers the requests in flight (up to
 * DRAIN_LIMIT_MS), then the application closes (a worker lets its jobs in hand finish or hands them
 * back, closeWorker), and the process exits 0; 1 if the requests or the close overran their limits.
 */
function stopOnSignals(app: INestApplicationContext, http: Drainable | undefined): void {
  let stopping = false;
  const stop = async (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    const logger = app.get(Logger);
    const force = setTimeout(() => {
      logger.error(`Registra did not stop within ${STOP_LIMIT_MS} ms of ${signal}: exiting`);
      process.exit(1);
    }, STOP_LIMIT_MS);
    force.unref();
    app.get(Shutdown).begin();
    let complete = true;
    if (http) {
      const waiting = http.inFlight;
      logger.log(`${signal}: no new requests; answering the ${waiting} in flight, then stopping`);
      complete = await http.drain(DRAIN_LIMIT_MS);
      if (!complete) {
        logger.warn(`${http.inFlight} request(s) still unanswered after ${DRAIN_LIMIT_MS} ms`);
      }
    } else {
      logger.log(`${signal}: finishing the jobs in hand, then stopping`);
    }
    await app.close();
    process.exit(complete ? 0 : 1);
  };
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    process.on(signal, () => void stop(signal));
  }
}

/** The API and the web client (REGISTRA_ROLE `all`, the default, or `api`). */
async function startHttp(config: AppConfig): Promise<void> {
  const app = await createApp(config);
  const http = drainable(app.getHttpServer());
  stopOnSignals(app, http);
  await app.listen(config.port);
  const database = config.databaseUrl
    ? 'PostgreSQL (DATABASE_URL)'
    : `embedded PGlite in ${config.dataDir}`;
  app
    .get(Logger)
    .log(`Registra (${config.role}) listening on http://localhost:${config.port} with ${database}`);
}

/** The background work, with /api/health alone over HTTP (REGISTRA_ROLE=worker). */
async function startWorker(config: AppConfig): Promise<void> {
  const { context } = await createWorker(config);
  stopOnSignals(context, undefined);
  context
    .get(Logger)
    .log(
      `Registra (worker) running the queues, schedules and sweeps; health on http://localhost:${config.port}/api/health`,
    );
}

/**
 * Under `npm start`'s supervisor (scripts/server-supervisor.mjs, ADR 0121) the process has an IPC
 * channel to it. The server ends with the supervisor: a supervisor killed outright must not leave
 * a server behind that the next `npm start` would run beside, on the same embedded database
 * (PGlite's own lock file cannot tell two processes apart). Shut down as on SIGTERM.
 */
function endWithSupervisor(): void {
  if (!process.send) return;
  // The channel alone must not keep the process alive.
  process.channel?.unref();
  process.once('disconnect', () => {
    console.error('Registra: npm start (its supervisor) is gone; stopping.');
    process.kill(process.pid, 'SIGTERM');
  });
}

/** Tells the supervisor the server is up: from then on, its death is restarted, not final. */
function reportUp(): void {
  process.send?.({ registra: 'up' });
}

async function bootstrap(): Promise<void> {
  endWithSupervisor();
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      // One line, no stack: the reason the server will not start.
      console.error(`Registra cannot start: ${error.message}`);
      process.exit(1);
    }
    throw error;
  }
  await (servesHttp(config.role) ? startHttp(config) : startWorker(config));
  reportUp();
  if (config.signupSecretCodeGenerated) {
    // Printed, not logged: the logger redacts secrets, and staff need this code to sign up.
    console.log(
      `Sign-up secret code (development, kept in ${config.dataDir}/secrets.json): ${config.signupSecretCode}`,
    );
  }
}

void bootstrap().catch((error: unknown) => {
  console.error(
    `Registra failed to start: ${error instanceof Error ? error.message : String(error)}`,
  );
  process.exit(1);
});
