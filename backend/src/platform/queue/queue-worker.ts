import { Inject, Logger, Optional } from '@nestjs/common';
import type {
  BeforeApplicationShutdown,
  OnApplicationBootstrap,
  OnApplicationShutdown,
} from '@nestjs/common';
import { Worker } from 'bullmq';
import type { Job, WorkerOptions } from 'bullmq';
import { RunningWorkers } from './queue-metrics';
import type { QueueSettings } from './queue-settings';

const ERROR_LOG_INTERVAL_MS = 30_000;
const CLOSE_TIMEOUT_MS = 10_000;

/**
 * Logs a noisy source (a worker retrying a lost Redis every few hundred milliseconds) at most
 * once per interval, so an outage is one line, not thousands.
 */
export function throttledErrorLog(logger: Logger, what: string): (error: Error) => void {
  let last = 0;
  let suppressed = 0;
  return (error: Error) => {
    const now = Date.now();
    if (now - last < ERROR_LOG_INTERVAL_MS) {
      suppressed += 1;
      return;
    }
    const more = suppressed > 0 ? ` (${suppressed} similar errors before)` : '';
    logger.warn(`${what}: ${error.message}${more}`);
    last = now;
    suppressed = 0;
  };
}

/**
 * A BullMQ worker on the settings' connection and prefix. Its errors (Redis down, mostly) are
 * logged, never thrown: an EventEmitter without an `error` listener would end the process.
 * None in a process that does not run the background work (REGISTRA_ROLE=api, ADR 0109): every
 * context's worker starts here, so that one check keeps an API instance from taking jobs.
 */
export function startWorker(
  name: string,
  process: (job: Job, token?: string) => Promise<unknown>,
  settings: QueueSettings,
  options: Omit<WorkerOptions, 'connection' | 'prefix'>,
  logger: Logger,
): Worker | undefined {
  if (!settings.background) return undefined;
  const worker = new Worker(name, process, {
    ...options,
    connection: settings.workerConnection,
    prefix: settings.prefix,
  });
  worker.on('error', throttledErrorLog(logger, `Worker "${name}" error`));
  return worker;
}

/**
 * Waits for the jobs in hand to finish when Redis answers. When it does not, a graceful close
 * would wait for a connection that may never come back, so the worker is closed at once: a job it
 * held is not lost, its lock expires and another worker (or this one, restarted) runs it again.
 */
export async function closeWorker(
  worker: Worker | undefined,
  redisAnswers: boolean,
  logger: Logger,
): Promise<void> {
  if (!worker) return;
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<'timeout'>((resolve) => {
    timer = setTimeout(() => resolve('timeout'), CLOSE_TIMEOUT_MS);
  });
  try {
    const closing = worker.close(!redisAnswers).then(() => 'closed' as const);
    if ((await Promise.race([closing, timedOut])) === 'timeout') {
      logger.warn(`Worker "${worker.name}" did not close within ${CLOSE_TIMEOUT_MS} ms`);
    }
  } catch (error) {
    logger.warn(`Worker "${worker.name}" close failed: ${(error as Error).message}`);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * A context's worker as a provider: started at bootstrap in the roles that run the background
 * work (`startWorker`), closed on shutdown (`closeWorker`). The context says what a job does and
 * whether its queue's Redis answers; the logger is named after the context's class.
 */
export abstract class QueueWorker
  implements OnApplicationBootstrap, BeforeApplicationShutdown, OnApplicationShutdown
{
  protected readonly logger = new Logger(this.constructor.name);
  private worker: Worker | undefined;
  private readonly stopping = new AbortController();
  /**
   * Aborted when the process starts to stop: a long job (an import's run or undo) ends at its
   * next safe point and hands itself back, instead of holding the stop past its window.
   */
  protected get stopSignal(): AbortSignal {
    return this.stopping.signal;
  }
  /**
   * Counts the outcomes, runs each job in its log context and answers readiness (queue-metrics.ts).
   * Injected as a property so that the contexts' workers keep their own constructors.
   */
  @Optional()
  @Inject(RunningWorkers)
  private readonly running: RunningWorkers | undefined;

  protected constructor(
    private readonly queueName: string,
    private readonly queueSettings: QueueSettings,
    private readonly options: Omit<WorkerOptions, 'connection' | 'prefix'>,
  ) {}

  abstract process(job: Job, token?: string): Promise<unknown>;

  /** Whether the queue's Redis answers now: only then does a closing worker wait for its jobs. */
  protected abstract redisAnswers(): boolean;

  /** What else starts with the worker, in the roles that run it. */
  protected afterStart(): void {}

  onApplicationBootstrap(): void {
    const running = this.running;
    this.worker = startWorker(
      this.queueName,
      (job, token) =>
        running ? running.run(job, () => this.process(job, token)) : this.process(job, token),
      this.queueSettings,
      this.options,
      this.logger,
    );
    if (!this.worker) return;
    running?.started(this.worker);
    this.afterStart();
  }

  /** What else stops with the worker, before its jobs in hand are waited for. */
  protected beforeStop(): Promise<void> | void {}

  /**
   * Tells the jobs in hand to stop at their next safe point, then lets them finish (up to
   * closeWorker's limit); a job still running then is handed back: its lock expires and another
   * worker takes it. Before any module's `onApplicationShutdown`, so the database a job writes
   * to is still open while it finishes (Nest closes the modules in no order this could rely on).
   */
  async beforeApplicationShutdown(): Promise<void> {
    this.stopping.abort();
    await this.beforeStop();
    await closeWorker(this.worker, this.redisAnswers(), this.logger);
    if (this.worker) this.running?.stopped(this.worker);
    this.worker = undefined;
  }

  /** Closed already before the shutdown (beforeApplicationShutdown); here for a direct close. */
  async onApplicationShutdown(): Promise<void> {
    await this.beforeApplicationShutdown();
  }
}
