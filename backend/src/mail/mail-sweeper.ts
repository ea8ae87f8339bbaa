import {
  Inject,
  Injectable,
  Logger,
  OnApplicationBootstrap,
  OnApplicationShutdown,
} from '@nestjs/common';
import { QUEUE_SETTINGS } from '../platform/queue/queue-settings';
import type { QueueSettings } from '../platform/queue/queue-settings';
import { MailQueue } from './mail.queue';
import { MailRepository } from './mail.repository';
import { MAIL_SETTINGS } from './mail.settings';
import type { MailSettings } from './mail.settings';

/**
 * Puts back on the queue what the queue does not hold: rows written while Redis was down, rows
 * whose job Redis lost, rows a dead process left half-sent. Every instance sweeps; the job id per
 * row makes a second enqueue of the same row a no-op. An API instance (REGISTRA_ROLE=api) does not
 * sweep: the worker instances do (ADR 0109).
 */
@Injectable()
export class MailSweeper implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(MailSweeper.name);
  private timer: NodeJS.Timeout | undefined;
  private sweeping: Promise<void> | undefined;

  constructor(
    private readonly repository: MailRepository,
    private readonly mailQueue: MailQueue,
    @Inject(MAIL_SETTINGS) private readonly settings: MailSettings,
    @Inject(QUEUE_SETTINGS) private readonly queueSettings: QueueSettings,
  ) {}

  onApplicationBootstrap(): void {
    if (!this.queueSettings.background) return;
    this.timer = setInterval(() => void this.tick(), this.settings.sweepIntervalMs);
  }

  async onApplicationShutdown(): Promise<void> {
    clearInterval(this.timer);
    await this.sweeping;
  }

  /** One pass; a pass still running (a slow database) is not overlapped by the next tick. */
  async sweep(): Promise<number> {
    if (!this.mailQueue.ready) return 0;
    const now = Date.now();
    const released = await this.repository.releaseAbandoned(
      new Date(now - this.settings.abandonedAfterMs),
      new Date(now),
    );
    if (released.length > 0) {
      this.logger.warn(`Released ${released.length} mail(s) a worker took and never finished`);
    }
    const stale = await this.repository.staleQueued(
      new Date(now - this.settings.sweepAfterMs),
      this.settings.sweepBatch,
    );
    let enqueued = 0;
    for (const id of stale) {
      if (!(await this.mailQueue.enqueueSend(id, true))) break;
      enqueued += 1;
    }
    return enqueued;
  }

  private async tick(): Promise<void> {
    if (this.sweeping) return;
    this.sweeping = this.sweep()
      .then(() => undefined)
      .catch((error: unknown) => {
        this.logger.warn(`Mail sweep failed: ${(error as Error).message}`);
      })
      .finally(() => {
        this.sweeping = undefined;
      });
    await this.sweeping;
  }
}
