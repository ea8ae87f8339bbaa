import { Global, Module } from '@nestjs/common';
import { FollowUpStarter } from './follow-up-starter';
import { RecordMerge } from './record-merge';
import { SubscriptionPayments } from './subscription-payments';

/**
 * Ports through which one context offers a use case to others without either importing the
 * other's module (a context registers its implementation when it starts).
 */
@Global()
@Module({
  providers: [FollowUpStarter, RecordMerge, SubscriptionPayments],
  exports: [FollowUpStarter, RecordMerge, SubscriptionPayments],
})
export class PortsModule {}
