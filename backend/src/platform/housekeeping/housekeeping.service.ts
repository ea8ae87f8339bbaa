import { Inject, Injectable, Logger } from '@nestjs/common';
import { Cron } from '@nestjs/schedule';
import { FIRM_TIME_ZONE, todayInDublin } from '@registra/domain';
import { APP_CONFIG } from '../config/app-config';
import type { AppConfig } from '../config/app-config';
import { UnitOfWork } from '../database/unit-of-work';
import { HousekeepingRepository } from './housekeeping.repository';

const DAY_MS = 24 * 60 * 60 * 1000;

export type HousekeepingResult =
  { ran: true; expiredSessions: number; deliveredMails: number } | { ran: false };

/**
 * The daily housekeeping (ADR 0082): expired sessions and delivered outbox rows older than
 * MAIL_RETENTION_DAYS are pruned, once a day across instances. Nothing the audit needs goes: the
 * audit rows keep their own copy of what they describe, and are never deleted.
 */
@Injectable()
export class HousekeepingService {
  private readonly logger = new Logger('Housekeeping');

  constructor(
    private readonly repository: HousekeepingRepository,
    private readonly unitOfWork: UnitOfWork,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Cron('30 3 * * *', { name: 'daily-housekeeping', timeZone: FIRM_TIME_ZONE })
  async scheduled(): Promise<void> {
    try {
      const result = await this.runOnce(todayInDublin());
      if (result.ran)
        this.logger.log(
          `Pruned ${result.expiredSessions} sessions, ${result.deliveredMails} mails`,
        );
    } catch (error) {
      // The database may be away at 03:30; tomorrow's run prunes what is left.
      this.logger.warn(`Housekeeping failed: ${(error as Error).message}`);
    }
  }

  /** Prunes for `day` (YYYY-MM-DD) unless that day's run was already claimed. One transaction. */
  runOnce(day: string, now = new Date()): Promise<HousekeepingResult> {
    return this.unitOfWork.runAs({ id: null, name: 'Housekeeping' }, () =>
      this.unitOfWork.transaction(async () => {
        if (!(await this.repository.claim(day))) return { ran: false } as const;
        const expiredSessions = await this.repository.deleteExpiredSessions(now);
        const deliveredMails = await this.repository.deleteDeliveredMails(
          new Date(now.getTime() - this.config.mailRetentionDays * DAY_MS),
        );
        await this.repository.record(day, { expiredSessions, deliveredMails });
        return { ran: true, expiredSessions, deliveredMails } as const;
      }),
    );
  }
}
