import { Inject, Injectable } from '@nestjs/common';
import { DelayedError, UnrecoverableError } from 'bullmq';
import type { Job } from 'bullmq';
import { QUEUE_SETTINGS } from '../platform/queue/queue-settings';
import type { QueueSettings } from '../platform/queue/queue-settings';
import { QueueWorker } from '../platform/queue/queue-worker';
import { IMPORT_SWEEP_FAST_MS, IMPORT_SWEEP_MS } from './import-sweep';
import { CHECK_JOB, IMPORT_QUEUE, ImportQueue, RUN_JOB, UNDO_JOB } from './import.queue';
import type { RunJobData } from './import.queue';
import { ImportService } from './import.service';
import type { ImportJobEnd } from './import.service';

/**
 * Runs the import jobs (checks, runs and undos), one at a time (an import writes thousands of rows
 * per second; two at once would only share the same two cores). At start it queues again the
 * checks, runs and undos a stopped server left `checking`, `running` or `undoing`: a check starts
 * over, a run or an undo resumes after its last committed batch. From then on it sweeps them
 * (ADR 0145): one asked for while the queue was away is queued once it answers, one whose job is
 * gone, failed or stalled is queued again or failed. A stopping worker's job ends at its next
 * safe point and is handed back to the queue. An API instance (REGISTRA_ROLE=api) neither takes,
 * resumes nor sweeps: the worker instances do.
 */
@Injectable()
export class ImportWorker extends QueueWorker {
  private timer: NodeJS.Timeout | undefined;
  private sweeping: Promise<void> | undefined;

  constructor(
    @Inject(QUEUE_SETTINGS) private readonly settings: QueueSettings,
    private readonly imports: ImportService,
    private readonly queue: ImportQueue,
  ) {
    // A worker killed outright leaves its job active until its lock expires; BullMQ's check for
    // stalled jobs (every stalledInterval) then moves it back, or fails it the second time, and
    // the sweep queues it again: back within a minute (ADR 0145). The lock is renewed every half.
    super(IMPORT_QUEUE, settings, {
      concurrency: 1,
      lockDuration: settings.fast ? 10_000 : 30_000,
      stalledInterval: settings.fast ? 5_000 : 15_000,
    });
  }

  protected override afterStart(): void {
    void this.imports.resumeInterrupted().catch((error: Error) => {
      this.logger.warn(`Interrupted imports not resumed: ${error.message}`);
    });
    this.timer = setInterval(
      () => void this.tick(),
      this.settings.fast ? IMPORT_SWEEP_FAST_MS : IMPORT_SWEEP_MS,
    );
  }

  protected override async beforeStop(): Promise<void> {
    clearInterval(this.timer);
    await this.sweeping;
  }

  protected redisAnswers(): boolean {
    return this.queue.ready;
  }

  /** One pass of the sweep; a pass still going (a slow database) is not overlapped by the next. */
  private async tick(): Promise<void> {
    if (this.sweeping) return;
    this.sweeping = this.imports
      .sweep()
      .then(() => undefined)
      .catch((error: unknown) => {
        this.logger.warn(`Import sweep failed: ${(error as Error).message}`);
      })
      .finally(() => {
        this.sweeping = undefined;
      });
    await this.sweeping;
  }

  async process(job: Job, token?: string): Promise<void> {
    const { importId } = job.data as RunJobData;
    let end: ImportJobEnd;
    if (job.name === CHECK_JOB) end = await this.imports.executeCheck(importId, this.stopSignal);
    else if (job.name === RUN_JOB) end = await this.imports.execute(importId, this.stopSignal);
    else if (job.name === UNDO_JOB) end = await this.imports.executeUndo(importId, this.stopSignal);
    else throw new UnrecoverableError(`Unknown import job "${job.name}"`);
    if (end === 'handed back') {
      // Back in the queue at once, the attempt not counted: the next worker takes it and the
      // import resumes after its last committed batch.
      await job.moveToDelayed(Date.now(), token);
      throw new DelayedError(
        `Import ${importId} handed back at a safe point: the worker is stopping`,
      );
    }
  }
}
