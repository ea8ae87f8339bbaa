import { Global, Module } from '@nestjs/common';
import { AccountMail } from './account-mail';
import { FollowUpStarter } from './follow-up-starter';
import { RecordMerge } from './record-merge';

/**
 * Ports through which one context offers a use case to others without either importing the
 * other's module (a context registers its implementation when it starts).
 */
@Global()
@Module({
  providers: [FollowUpStarter, RecordMerge, AccountMail],
  exports: [FollowUpStarter, RecordMerge, AccountMail],
})
export class PortsModule {}
