import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import {
  MESSAGES,
  SUBSCRIPTION_PERIOD_MAX,
  SUBSCRIPTION_PERIOD_MIN,
  SUBSCRIPTION_STATUSES,
  TEXT_MAX_LENGTHS,
} from '@registra/domain';
import type { SubscriptionStatus } from '@registra/domain';
import { Transform } from 'class-transformer';
import { IsIn, IsInt, IsOptional, IsString, IsUUID, Max, MaxLength, Min } from 'class-validator';
import { PageQueryDto } from '../../platform/http/list-query.dto';
import { IsCalendarDate } from '../../platform/http/validators';

const emptyToUndefined = ({ value }: { value: unknown }) => (value === '' ? undefined : value);

/**
 * POST /api/subscription (period 1..60, default 6; start default today: newSubscriptionDefaults).
 */
export class CreateSubscriptionDto {
  @ApiProperty({ format: 'uuid' })
  @IsUUID('all', { message: 'organizationId must be an organization id' })
  organizationId: string;

  @ApiProperty({ format: 'uuid', description: 'A subscription product' })
  @IsUUID('all', { message: MESSAGES.productRequired })
  productId: string;

  @ApiPropertyOptional({
    minimum: SUBSCRIPTION_PERIOD_MIN,
    maximum: SUBSCRIPTION_PERIOD_MAX,
    default: 6,
  })
  @IsOptional()
  @IsInt({ message: MESSAGES.subscriptionPeriodOutOfRange })
  @Min(SUBSCRIPTION_PERIOD_MIN, { message: MESSAGES.subscriptionPeriodOutOfRange })
  @Max(SUBSCRIPTION_PERIOD_MAX, { message: MESSAGES.subscriptionPeriodOutOfRange })
  plan?: number;

  @ApiPropertyOptional({ example: '2026-11-23', description: 'Default: today (Dublin)' })
  @IsOptional()
  @IsCalendarDate()
  startingDate?: string;
}

/** PUT /api/subscription/{id}: exactly one of status, addedOrder, deletedOrder. */
export class UpdateSubscriptionDto {
  @ApiPropertyOptional({ enum: SUBSCRIPTION_STATUSES })
  @IsOptional()
  @IsIn([...SUBSCRIPTION_STATUSES], {
    message: `status must be one of ${SUBSCRIPTION_STATUSES.join(', ')}`,
  })
  status?: SubscriptionStatus;

  @ApiPropertyOptional({ format: 'uuid', description: 'Link this order: it pays one period' })
  @IsOptional()
  @IsUUID('all', { message: 'addedOrder must be an order id' })
  addedOrder?: string;

  @ApiPropertyOptional({ format: 'uuid', description: 'Unlink this order' })
  @IsOptional()
  @IsUUID('all', { message: 'deletedOrder must be an order id' })
  deletedOrder?: string;
}

export const SUBSCRIPTION_SORT_FIELDS = [
  'createdAt',
  'organizationName',
  'productName',
  'status',
  'startingDate',
  'plan',
] as const;
export type SubscriptionSortField = (typeof SUBSCRIPTION_SORT_FIELDS)[number];

/** POST /api/subscription/search: an organization's, or the /subscription list's filters. */
export class SearchSubscriptionsDto extends PageQueryDto {
  @ApiPropertyOptional({
    format: 'uuid',
    description: "One organization's subscriptions (all of them)",
  })
  @IsOptional()
  @IsUUID('all', { message: 'organizationId must be an organization id' })
  organizationId?: string;

  @ApiPropertyOptional({ description: 'Organization name contains (case and accents ignored)' })
  @IsOptional()
  @Transform(emptyToUndefined)
  @IsString()
  @MaxLength(200)
  organization_name?: string;

  @ApiPropertyOptional({ description: 'The product name, exactly' })
  @IsOptional()
  @Transform(emptyToUndefined)
  @IsString()
  // No product's name is longer: a longer filter is a mistake.
  @MaxLength(TEXT_MAX_LENGTHS.product.name)
  product_name?: string;

  @ApiPropertyOptional({ enum: SUBSCRIPTION_STATUSES })
  @IsOptional()
  @Transform(emptyToUndefined)
  @IsIn([...SUBSCRIPTION_STATUSES])
  status?: SubscriptionStatus;

  @ApiPropertyOptional({ enum: SUBSCRIPTION_SORT_FIELDS, default: 'createdAt' })
  @IsOptional()
  @Transform(emptyToUndefined)
  @IsIn([...SUBSCRIPTION_SORT_FIELDS])
  sortField?: SubscriptionSortField;

  @ApiPropertyOptional({ enum: ['asc', 'desc'], default: 'desc' })
  @IsOptional()
  @Transform(emptyToUndefined)
  @IsIn(['asc', 'desc'])
  sortOrder?: 'asc' | 'desc';
}
