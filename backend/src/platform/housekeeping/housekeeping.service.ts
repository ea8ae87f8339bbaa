import { Injectable, Logger } from '@nestjs/common';
import { Cron } from '@nestjs/schedule';
import { FIRM_TIME_ZONE, todayInDublin } from '@registra/domain';
import { UnitOfWork } from '../database/unit-of-work';
import { ScheduledRuns } from '../metrics/scheduled-runs';
import { HousekeepingTasks } from '../ports/housekeeping-tasks';
import type { HousekeepingCount } from '../ports/housekeeping-tasks';
import { HousekeepingRepository } from './housekeeping.repository';

/** The housekeeping's name among the scheduled jobs of the metrics (docs/operations.md). */
export const HOUSEKEEPING_RUN = 'housekeeping';

export type HousekeepingResult =
  ({ ran: true } & Record<HousekeepingCount, number>) | { ran: false };

/**
 * The daily housekeeping (ADR 0082): expired sessions (the users context), delivered outbox
 * rows older than MAIL_RETENTION_DAYS (the mail context) and the stored files of imports no longer
 * needed (the import context, ADR 0114) are pruned, once a day across instances. Nothing the
 * audit needs goes: the audit rows keep their own copy of what they describe, and are never
 * deleted.
 */
@Injectable()
export class HousekeepingService {
  private readonly logger = new Logger('Housekeeping');

  constructor(
    private readonly repository: HousekeepingRepository,
    private readonly unitOfWork: UnitOfWork,
    private readonly tasks: HousekeepingTasks,
    private readonly scheduledRuns: ScheduledRuns,
  ) {
    scheduledRuns.declare(HOUSEKEEPING_RUN);
  }

  @Cron('30 3 * * *', { name: 'daily-housekeeping', timeZone: FIRM_TIME_ZONE })
  async scheduled(): Promise<void> {
    try {
      const result = await this.runOnce(todayInDublin());
      if (result.ran)
        this.logger.log(
          `Pruned ${result.expiredSessions} sessions, ${result.deliveredMails} mails, ${result.importFiles} import files`,
        );
    } catch (error) {
      // The database may be away at 03:30; tomorrow's run prunes what is left.
      this.logger.warn(`Housekeeping failed: ${(error as Error).message}`);
    }
  }

  /**
   * Prunes for `day` (YYYY-MM-DD) unless that day's run was already claimed. One transaction; once
   * it is committed, the success is recorded for the metrics.
   */
  async runOnce(day: string, now = new Date()): Promise<HousekeepingResult> {
    const result = await this.prune(day, now);
    if (result.ran) await this.scheduledRuns.succeeded(HOUSEKEEPING_RUN);
    return result;
  }

  private prune(day: string, now: Date): Promise<HousekeepingResult> {
    return this.unitOfWork.runAs({ id: null, name: 'Housekeeping' }, () =>
      this.unitOfWork.transaction(async () => {
        if (!(await this.repository.claim(day))) return { ran: false } as const;
        // Each context prunes its own tables (registered through the HousekeepingTasks port).
        const counts: Record<HousekeepingCount, number> = {
          expiredSessions: 0,
          deliveredMails: 0,
          importFiles: 0,
        };
        for (const task of this.tasks.registered) counts[task.name] += await task.prune(now);
        await this.repository.record(day, counts);
        return { ran: true, ...counts } as const;
      }),
    );
  }
}
