import { Module, OnModuleInit } from '@nestjs/common';
import { LinksModule } from '../links/links.module';
import { OrganizationsModule } from '../organizations/organizations.module';
import { PeopleModule } from '../people/people.module';
import { Metrics } from '../platform/metrics/metrics';
import { HousekeepingTasks } from '../platform/ports/housekeeping-tasks';
import { registerContextQueue } from '../platform/queue/context-queue';
import { ImportController } from './import.controller';
import { IMPORT_QUEUE, ImportQueue } from './import.queue';
import { ImportRepository } from './import.repository';
import { ImportService } from './import.service';
import { ImportWorker } from './import.worker';

/**
 * Import of a firm's book from CSV or Excel (ADR 0104, 0114): upload, check, a queued run, errors,
 * a queued undo and history. It writes through the organizations, people and links services.
 */
@Module({
  imports: [
    registerContextQueue(IMPORT_QUEUE, 'ImportQueue', 'Import'),
    OrganizationsModule,
    PeopleModule,
    LinksModule,
  ],
  controllers: [ImportController],
  providers: [ImportRepository, ImportQueue, ImportService, ImportWorker],
  exports: [ImportService],
})
export class ImportModule implements OnModuleInit {
  constructor(
    private readonly imports: ImportService,
    private readonly housekeeping: HousekeepingTasks,
    private readonly repository: ImportRepository,
    private readonly metrics: Metrics,
  ) {}

  /**
   * The files no import needs any more go in the daily housekeeping (ADR 0114); the imports in
   * progress are a metric (docs/operations.md).
   */
  onModuleInit(): void {
    this.metrics.gauge(
      {
        name: 'registra_import_jobs_running',
        help: 'Imports being checked, run or undone now, by phase (read from the database)',
        labelNames: ['phase'],
      },
      async (gauge) => {
        const now = await this.repository.inProgress();
        gauge.set({ phase: 'check' }, now.checking);
        gauge.set({ phase: 'run' }, now.running);
        gauge.set({ phase: 'undo' }, now.undoing);
      },
    );
    this.housekeeping.register({
      name: 'importFiles',
      prune: (now) => this.imports.removeUnneededFiles(now),
    });
  }
}
