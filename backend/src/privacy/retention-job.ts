import { Injectable, Logger } from '@nestjs/common';
import { Cron } from '@nestjs/schedule';
import { FIRM_TIME_ZONE, todayInDublin } from '@registra/domain';
import { UnitOfWork } from '../platform/database/unit-of-work';
import { ScheduledRuns } from '../platform/metrics/scheduled-runs';
import { PrivacyRepository } from './privacy.repository';
import { PrivacyService } from './privacy.service';

/** The retention job's name among the scheduled jobs of the metrics (docs/operations.md). */
export const RETENTION_RUN = 'retention';

/** Whom the history names for the job's erasures and the review it prepares. */
export const RETENTION_ACTOR = 'Retention (daily)';

export type RetentionRunResult = { ran: true; erasedProspects: number } | { ran: false };

/**
 * The daily retention job (docs/privacy.md, ADR 0147): once a day across instances, it erases
 * the prospects' requests past the prospect period that staff did not keep, then prepares the
 * retention review for the administrators.
 */
@Injectable()
export class RetentionJob {
  private readonly logger = new Logger('Retention');

  constructor(
    private readonly privacy: PrivacyService,
    private readonly repository: PrivacyRepository,
    private readonly unitOfWork: UnitOfWork,
    private readonly scheduledRuns: ScheduledRuns,
  ) {
    scheduledRuns.declare(RETENTION_RUN);
  }

  @Cron('0 4 * * *', { name: 'daily-retention', timeZone: FIRM_TIME_ZONE })
  async scheduled(): Promise<void> {
    try {
      const result = await this.runOnce(todayInDublin());
      if (result.ran) this.logger.log(`Erased ${result.erasedProspects} prospects' requests`);
    } catch (error) {
      // The database may be away at 04:00: tomorrow's run erases and prepares what is left.
      this.logger.warn(`Retention job failed: ${(error as Error).message}`);
    }
  }

  /**
   * Runs for `day` (YYYY-MM-DD) unless that day's run was already claimed; once the review is
   * prepared, the success is recorded for the metrics.
   */
  async runOnce(day: string, now = new Date()): Promise<RetentionRunResult> {
    const result = await this.unitOfWork.runAs({ id: null, name: RETENTION_ACTOR }, async () => {
      const claimed = await this.unitOfWork.transaction(() =>
        this.repository.claimJobDay(day, now),
      );
      if (!claimed) return { ran: false } as const;
      try {
        const erasedProspects = await this.privacy.eraseProspectsPastRetention(now);
        await this.unitOfWork.transaction(() => this.privacy.prepareReview(now));
        return { ran: true, erasedProspects } as const;
      } catch (error) {
        // The day is given back, so that another run (a restart, another instance) tries again.
        await this.repository.releaseJobDay(day).catch(() => undefined);
        throw error;
      }
    });
    if (result.ran) await this.scheduledRuns.succeeded(RETENTION_RUN);
    return result;
  }
}
