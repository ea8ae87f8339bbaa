import { Module } from '@nestjs/common';
import { PeopleModule } from '../people/people.module';
import { SettingsModule } from '../settings/settings.module';
import { registerContextQueue } from '../platform/queue/context-queue';
import { DataExportQueue, PRIVACY_QUEUE } from './data-export.queue';
import { DataExportService } from './data-export.service';
import { DataExportWorker } from './data-export.worker';
import { PrivacyController } from './privacy.controller';
import { PrivacyRepository } from './privacy.repository';
import { PrivacyService } from './privacy.service';
import { RetentionJob } from './retention-job';

/**
 * Data-protection requests (docs/privacy.md): a person's subject-access export, built as a job
 * and downloaded once; erasure within the AML retention; the daily retention job and its review.
 */
@Module({
  imports: [
    registerContextQueue(PRIVACY_QUEUE, 'DataExportQueue', 'Data export'),
    PeopleModule,
    SettingsModule,
  ],
  controllers: [PrivacyController],
  providers: [
    PrivacyService,
    PrivacyRepository,
    DataExportQueue,
    DataExportService,
    DataExportWorker,
    RetentionJob,
  ],
})
export class PrivacyModule {}
