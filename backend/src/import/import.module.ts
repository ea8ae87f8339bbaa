import { Module, OnModuleInit } from '@nestjs/common';
import { LinksModule } from '../links/links.module';
import { OrganizationsModule } from '../organizations/organizations.module';
import { PeopleModule } from '../people/people.module';
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
  ) {}

  /** The files no import needs any more go in the daily housekeeping (ADR 0114). */
  onModuleInit(): void {
    this.housekeeping.register({
      name: 'importFiles',
      prune: (now) => this.imports.removeUnneededFiles(now),
    });
  }
}
