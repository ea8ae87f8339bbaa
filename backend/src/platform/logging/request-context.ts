import type { Job } from 'bullmq';
import type { Logger as PinoInstance } from 'pino';
import { Store, storage } from 'nestjs-pino/storage';

/**
 * The request id of the work running now: the HTTP request's (every line of a request binds
 * `requestId`, logging.module.ts), or the one a job carries from the request that enqueued it.
 * Undefined for work nobody asked for (a cron, the sweeper).
 */
export function currentRequestId(): string | undefined {
  const logger = storage.getStore()?.logger;
  if (!logger) return undefined;
  const { requestId } = logger.bindings() as { requestId?: unknown };
  return typeof requestId === 'string' ? requestId : undefined;
}

/** A job's data with the request id of whoever enqueues it, so the job's log lines show it. */
export function withRequestId<T extends object>(data: T): T & { requestId?: string } {
  const requestId = currentRequestId();
  return requestId ? { ...data, requestId } : data;
}

/** The request id a job carries, if the job was enqueued by a request. */
export function jobRequestId(job: Pick<Job, 'data'>): string | undefined {
  const { requestId } = (job.data ?? {}) as { requestId?: unknown };
  return typeof requestId === 'string' ? requestId : undefined;
}

/**
 * Runs a job with its own log context: every line it logs (through Nest's Logger, which the app
 * hands to pino) carries the queue, the job's id and name, and the request id it was enqueued
 * with; the jobs it enqueues in turn carry that request id on.
 */
export function runInJobContext<T>(
  logger: PinoInstance,
  job: Pick<Job, 'data' | 'id' | 'name' | 'queueName'>,
  run: () => Promise<T>,
): Promise<T> {
  const requestId = jobRequestId(job);
  const bound = logger.child({
    job: { queue: job.queueName, id: job.id, name: job.name },
    ...(requestId ? { requestId } : {}),
  });
  return storage.run(new Store(bound), run);
}
