import { Injectable } from '@nestjs/common';

/** What a context prunes once a day (ADR 0082): rows no one needs any more. */
export interface HousekeepingTask {
  /** What the count is of, as the daily run records it ('expiredSessions', 'deliveredMails'). */
  readonly name: 'expiredSessions' | 'deliveredMails';
  /** Deletes what is past keeping at `now`, in the run's transaction; how many rows went. */
  prune(now: Date): Promise<number>;
}

/**
 * The daily housekeeping asks every registered context to prune its own tables; each registers
 * its task when its module starts, so the platform imports none of them.
 */
@Injectable()
export class HousekeepingTasks {
  private readonly tasks: HousekeepingTask[] = [];

  register(task: HousekeepingTask): void {
    this.tasks.push(task);
  }

  get registered(): readonly HousekeepingTask[] {
    return this.tasks;
  }
}
