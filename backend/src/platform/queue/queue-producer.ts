import { Inject } from '@nestjs/common';
import type { OnModuleInit } from '@nestjs/common';
import type { Queue } from 'bullmq';
import Redis from 'ioredis';
import { QueueBoard } from './queue-board';
import { QUEUE_REDIS } from './queue-settings';

/**
 * The producer side of a context's queue: shown on the operators' board, and never waiting for
 * Redis (each add asks `ready` first; the record's row is the lasting record, queued again once
 * Redis answers).
 */
export abstract class QueueProducer implements OnModuleInit {
  // Injected by property, so that each context's producer passes only its own queue up.
  @Inject(QUEUE_REDIS) private readonly redis: Redis;
  @Inject(QueueBoard) private readonly board: QueueBoard;

  protected constructor(protected readonly queue: Queue) {}

  onModuleInit(): void {
    this.board.addQueue(this.queue);
  }

  /** Redis answers now (the producer connection never buffers commands while it is away). */
  get ready(): boolean {
    return this.redis.status === 'ready';
  }

  /** Removes the job of `jobId` if it finished (completed or failed): it would hide a new one. */
  protected async removeFinished(jobId: string): Promise<void> {
    const existing = await this.queue.getJob(jobId);
    const state = existing ? await existing.getState() : undefined;
    if (state === 'completed' || state === 'failed') await existing?.remove();
  }
}
