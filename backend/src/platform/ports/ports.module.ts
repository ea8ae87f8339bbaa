import { Global, Module } from '@nestjs/common';
import { AccountDeactivation } from './account-deactivation';
import { AccountMail } from './account-mail';
import { FollowUpStarter } from './follow-up-starter';
import { SessionAuthentication } from '../auth/session-authentication';
import { HousekeepingTasks } from './housekeeping-tasks';
import { RecordMerge } from './record-merge';
import { ShareCapitalImports } from './share-capital-imports';
import { StoredFiles } from './stored-files';
import { SubscriptionPayments } from './subscription-payments';

const PORTS = [
  FollowUpStarter,
  RecordMerge,
  SessionAuthentication,
  HousekeepingTasks,
  SubscriptionPayments,
  AccountMail,
  AccountDeactivation,
  StoredFiles,
  ShareCapitalImports,
];

/**
 * Ports through which one context offers a use case to others (and to the platform) without
 * either importing the other's module (a context registers its implementation when it starts).
 */
@Global()
@Module({ providers: PORTS, exports: PORTS })
export class PortsModule {}
