import { ApiPropertyOptional } from '@nestjs/swagger';
import { CREATION_STATUSES, FINOTOR_FILTERS, FOLLOW_UP_TYPES, RISK_LEVELS } from '@registra/domain';
import type { RiskLevel } from '@registra/domain';
import { IsBoolean, IsIn, IsInt, IsOptional, IsUUID, Max, Min } from 'class-validator';
import { ListQueryDto, PickerRead } from '../../platform/http/list-query.dto';
import { IsCalendarDate } from '../../platform/http/validators';

export const ORGANIZATION_SORT_FIELDS = [
  'name',
  'createdAt',
  'updatedAt',
  'incorporationDate',
  'firstAr',
  'nextArReminder',
  'corporationTaxPaidReminder',
  'creationStatus',
] as const;
export type OrganizationSortField = (typeof ORGANIZATION_SORT_FIELDS)[number];

export const AR_COLUMNS = ['firstAr', 'nextArReminder'] as const;

/**
 * POST /api/organization/search. Every filter narrows the live (not deleted) organizations; dates
 * are compared with today in Europe/Dublin.
 */
export class SearchOrganizationsDto extends ListQueryDto {
  @PickerRead()
  picker?: boolean;

  @ApiPropertyOptional({ enum: ORGANIZATION_SORT_FIELDS, default: 'createdAt' })
  @IsOptional()
  @IsIn([...ORGANIZATION_SORT_FIELDS])
  sortField?: OrganizationSortField;

  @ApiPropertyOptional({
    minimum: 0,
    maximum: 60,
    description: 'Next AR reminder on or before today + N months (overdue reminders included)',
  })
  @IsOptional()
  @IsInt()
  @Min(0)
  @Max(60)
  nextArReminderMonths?: number;

  @ApiPropertyOptional({ description: 'First annual return done (true) or pending (false)' })
  @IsOptional()
  @IsBoolean()
  status?: boolean;

  @ApiPropertyOptional({ description: 'Balance sheet (bilan) done (true) or not (false)' })
  @IsOptional()
  @IsBoolean()
  bilan?: boolean;

  @ApiPropertyOptional({
    enum: [...CREATION_STATUSES, 'N/A'],
    description: 'Creation status; N/A matches organizations with none of the known values',
  })
  @IsOptional()
  @IsIn([...CREATION_STATUSES, 'N/A'])
  creationStatus?: string;

  @ApiPropertyOptional({
    enum: FINOTOR_FILTERS,
    description:
      'Signup app: ok = registered; late = invitation not sent or sent but not registered; stopped = stopped',
  })
  @IsOptional()
  @IsIn([...FINOTOR_FILTERS])
  finotor?: string;

  @ApiPropertyOptional({
    enum: AR_COLUMNS,
    description: 'Which annual-return date arDate applies to (default nextArReminder)',
  })
  @IsOptional()
  @IsIn([...AR_COLUMNS])
  arColumn?: (typeof AR_COLUMNS)[number];

  @ApiPropertyOptional({ description: 'The arColumn date is on or before this day (YYYY-MM-DD)' })
  @IsOptional()
  @IsCalendarDate()
  arDate?: string;

  @ApiPropertyOptional({
    description:
      'true: some active service (domiciliation, secretary company, anonymous shareholder) has its paid-reminder in the past',
  })
  @IsOptional()
  @IsBoolean()
  latePaidReminders?: boolean;

  @ApiPropertyOptional({ description: 'Assigned to this user (user id)' })
  @IsOptional()
  @IsUUID()
  user?: string;

  @ApiPropertyOptional({
    enum: FOLLOW_UP_TYPES,
    description:
      'Has an active (not archived) follow-up of this type; with followUps, only those are embedded',
  })
  @IsOptional()
  @IsIn([...FOLLOW_UP_TYPES])
  followUp?: string;

  @ApiPropertyOptional({
    enum: [...RISK_LEVELS, 'none'],
    description: 'The stored appendix-2 AML risk level (high, medium, low); none: never assessed',
  })
  @IsOptional()
  @IsIn([...RISK_LEVELS, 'none'])
  amlRiskLevel?: RiskLevel | 'none';

  @ApiPropertyOptional({
    minimum: 0,
    maximum: 36,
    description:
      'AML review due within this many months or overdue (next review on or before today + N months; 0: due today or overdue). Organizations never reviewed are found with amlRiskLevel=none',
  })
  @IsOptional()
  @IsInt()
  @Min(0)
  @Max(36)
  amlReviewDue?: number;

  @ApiPropertyOptional({
    enum: ['asc', 'desc'],
    description:
      "The dashboard's Follow Ups order: only organizations with an active follow-up (of the followUp type when given), ordered by deadline: asc = oldest date first (each organization by its earliest deadline), desc = most recent date first (by its latest deadline); follow-ups without a deadline come last. Replaces sortField.",
  })
  @IsOptional()
  @IsIn(['asc', 'desc'])
  deadline?: 'asc' | 'desc';

  @ApiPropertyOptional({
    description:
      'true: each organization carries `followUps`, its active follow-ups (followUpName, stepIndex, deadline, ARD, comments), earliest deadline first',
  })
  @IsOptional()
  @IsBoolean()
  followUps?: boolean;
}
