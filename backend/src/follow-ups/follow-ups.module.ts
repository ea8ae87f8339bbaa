import { Module } from '@nestjs/common';
import { MailModule } from '../mail/mail.module';
import { OrganizationsModule } from '../organizations/organizations.module';
import { registerContextQueue } from '../platform/queue/context-queue';
import { SettingsModule } from '../settings/settings.module';
import { UsersModule } from '../users/users.module';
import { AnnualReturnStarter } from './annual-return-starter';
import { FollowUpReminders, FOLLOW_UP_QUEUE } from './follow-up-reminders';
import { FollowUpsController } from './follow-ups.controller';
import { FollowUpsRepository } from './follow-ups.repository';
import { FollowUpsService } from './follow-ups.service';

/**
 * Follow-ups: the catalogue's processes on organizations, their list, the daily
 * digest's deadlines and the once-only reminder when a deadline passes.
 */
@Module({
  imports: [
    registerContextQueue(FOLLOW_UP_QUEUE, 'FollowUpQueue', 'Follow-up'),
    OrganizationsModule,
    UsersModule,
    MailModule,
    SettingsModule,
  ],
  controllers: [FollowUpsController],
  providers: [FollowUpsRepository, FollowUpsService, FollowUpReminders, AnnualReturnStarter],
  exports: [FollowUpsService, AnnualReturnStarter],
})
export class FollowUpsModule {}
