import { Injectable } from '@nestjs/common';

/** What the daily run counts, one column each in `housekeeping_runs`. */
export const HOUSEKEEPING_COUNTS = ['expiredSessions', 'deliveredMails', 'importFiles'] as const;
export type HousekeepingCount = (typeof HOUSEKEEPING_COUNTS)[number];

/** What a context prunes once a day (ADR 0082): rows no one needs any more. */
export interface HousekeepingTask {
  /** What the count is of, as the daily run records it ('expiredSessions', 'importFiles'…). */
  readonly name: HousekeepingCount;
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
