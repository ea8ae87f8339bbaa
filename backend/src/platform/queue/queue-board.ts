import { createBullBoard } from '@bull-board/api';
import { BullMQAdapter } from '@bull-board/api/bullMQAdapter';
import { ExpressAdapter } from '@bull-board/express';
import type { Queue } from 'bullmq';
import type { RequestHandler } from 'express';
import { QUEUE_BOARD_PATH } from './admin-only.middleware';

/**
 * Bull Board, the operators' view of the queues. Mounted by QueueModule behind the admin check;
 * each context adds its queues. (Built on @bull-board/api and /express directly: the
 * @bull-board/nestjs wrapper needs @nestjs/bull-shared, resolved here to an ES-module-only
 * release that Jest cannot load.)
 */
export class QueueBoard {
  private readonly adapter = new ExpressAdapter().setBasePath(QUEUE_BOARD_PATH);
  private readonly board = createBullBoard({
    queues: [],
    serverAdapter: this.adapter,
    options: { uiConfig: { boardTitle: 'Registra jobs' } },
  });

  private readonly added: Queue[] = [];

  addQueue(queue: Queue): void {
    this.board.addQueue(new BullMQAdapter(queue));
    this.added.push(queue);
  }

  /** Every context's queue: what ops see on the board is what the metrics count (ADR 0135). */
  get queues(): readonly Queue[] {
    return this.added;
  }

  get router(): RequestHandler {
    return this.adapter.getRouter() as RequestHandler;
  }
}
