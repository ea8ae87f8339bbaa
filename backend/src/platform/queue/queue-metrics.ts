import { Injectable } from '@nestjs/common';
import type { Job, Worker } from 'bullmq';
import { PinoLogger } from 'nestjs-pino';
import type { Counter } from 'prom-client';
import { runInJobContext } from '../logging/request-context';
import { Metrics } from '../metrics/metrics';
import { QueueBoard } from './queue-board';

/** The states `registra_queue_jobs` reports, as BullMQ names them. */
export const QUEUE_STATES = ['waiting', 'active', 'delayed', 'failed'] as const;
/** What became of a job's attempt, in `registra_queue_jobs_finished_total`. */
export const JOB_RESULTS = ['completed', 'retried', 'failed'] as const;

/** Whether a failed attempt was the job's last: no attempt left, or one no retry can help. */
export const failedForGood = (job: Pick<Job, 'attemptsMade' | 'opts'>, error: Error): boolean =>
  error.name === 'UnrecoverableError' || job.attemptsMade >= (job.opts.attempts ?? 1);

/**
 * The queues as ops see them on the board, in metrics (ADR 0135): per queue, the jobs waiting,
 * active, delayed and failed and the oldest waiting job's age, read from Redis at scrape time (the
 * same on every instance: one `getJobCounts` and one job read per queue); and the attempts this
 * process's workers finished, counted as they finish.
 */
@Injectable()
export class QueueMetrics {
  private readonly finished: Counter<'queue' | 'result'>;

  constructor(metrics: Metrics, board: QueueBoard) {
    metrics.gauge(
      {
        name: 'registra_queue_jobs',
        help: 'Jobs of each queue by state (waiting, active, delayed, failed), read from Redis',
        labelNames: ['queue', 'state'],
      },
      async (gauge) => {
        await Promise.all(
          board.queues.map(async (queue) => {
            const counts = await queue.getJobCounts(...QUEUE_STATES);
            for (const state of QUEUE_STATES) {
              gauge.set({ queue: queue.name, state }, counts[state] ?? 0);
            }
          }),
        );
      },
    );
    metrics.gauge(
      {
        name: 'registra_queue_oldest_waiting_seconds',
        help: 'Age of the oldest job waiting in each queue since it was added (0: none waits)',
        labelNames: ['queue'],
      },
      async (gauge) => {
        const now = Date.now();
        await Promise.all(
          board.queues.map(async (queue) => {
            // The wait list's far end, oldest first: one job read.
            const [oldest] = await queue.getJobs(['wait'], 0, 0, true);
            const age = oldest ? Math.max(0, (now - oldest.timestamp) / 1000) : 0;
            gauge.set({ queue: queue.name }, age);
          }),
        );
      },
    );
    this.finished = metrics.counter({
      name: 'registra_queue_jobs_finished_total',
      help: "Attempts this process's workers finished, by queue and result (completed; retried: failed with attempts left; failed: for good)",
      labelNames: ['queue', 'result'],
    });
  }

  /** Counts the attempts `worker` finishes from now on. */
  watch(worker: Worker): void {
    // Every series exists from the start, so that the first failure is an increase.
    for (const result of JOB_RESULTS) this.finished.inc({ queue: worker.name, result }, 0);
    worker.on('completed', () => this.finished.inc({ queue: worker.name, result: 'completed' }));
    worker.on('failed', (job, error) => {
      const result = !job || failedForGood(job, error) ? 'failed' : 'retried';
      this.finished.inc({ queue: worker.name, result });
    });
  }
}

/**
 * The BullMQ workers this process runs (none in an API instance): their outcomes counted, each job
 * run in its own log context (runInJobContext), and whether they are connected, for the
 * readiness probe of a worker instance.
 */
@Injectable()
export class RunningWorkers {
  private readonly workers = new Set<Worker>();

  constructor(
    private readonly metrics: QueueMetrics,
    private readonly logger: PinoLogger,
  ) {
    logger.setContext('Jobs');
  }

  started(worker: Worker): void {
    this.workers.add(worker);
    this.metrics.watch(worker);
  }

  stopped(worker: Worker): void {
    this.workers.delete(worker);
  }

  get count(): number {
    return this.workers.size;
  }

  /**
   * Runs one attempt of `job` in its log context, and says how it ended in a line of that context
   * (with the request id the job carries): ops follow a request into the work it queued.
   */
  run<T>(job: Job, process: () => Promise<T>): Promise<T> {
    return runInJobContext(this.logger.logger, job, async () => {
      const started = Date.now();
      const what = `Job ${job.queueName}/${job.name} ${job.id ?? ''}`.trim();
      try {
        const result = await process();
        this.logger.info(`${what} done in ${Date.now() - started} ms`);
        return result;
      } catch (error) {
        this.logger.warn(
          `${what} attempt ${job.attemptsMade + 1} failed in ${Date.now() - started} ms: ${(error as Error).message}`,
        );
        throw error;
      }
    });
  }

  /** The names of the workers not running or whose Redis connection is not up; none: all are. */
  async disconnected(): Promise<string[]> {
    const answers = await Promise.all(
      [...this.workers].map(async (worker) => {
        // BullMQ's Redis backend: its connection resolves once up, and says whether it still is.
        const backend = worker.getBackend() as { client?: Promise<{ status?: string }> };
        const client = await backend.client;
        return worker.isRunning() && client?.status === 'ready' ? undefined : worker.name;
      }),
    );
    return answers.filter((name): name is string => name !== undefined);
  }
}
