import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import {
  MESSAGES,
  NOT_AVAILABLE,
  ORDER_AMOUNT_MAX,
  ORDER_LIST_SORT_FIELDS,
  ORDER_ORIGINS,
  TEXT_MAX_LENGTHS,
  hasAtMostTwoDecimals,
} from '@registra/domain';
import type { OrderOrigin } from '@registra/domain';
import { Transform } from 'class-transformer';
import {
  ArrayMaxSize,
  IsArray,
  IsBoolean,
  IsIn,
  IsOptional,
  IsString,
  IsUUID,
  MaxLength,
  ValidateIf,
} from 'class-validator';
import {
  ExpectedVersion,
  IgnoredName,
  OptionalOrNone,
  OptionalRecordId,
  ReadOnlyField,
  trimmed,
} from '../../platform/http/dto-fields';
import { ListQueryDto } from '../../platform/http/list-query.dto';
import { IsCalendarDate, ValidationRule } from '../../platform/http/validators';

/** The most an order may state: €100 million, far above any the firm takes. */
/** The link dialog loads up to 1000 orders (ORDER_LINK_DIALOG_LIMIT). */
export const ORDER_SEARCH_LIMIT_MAX = 1000;

/** Euros, at least 0, at most 2 decimals (step 0.01); null where the field allows none. */
function IsEuros(nullable: boolean): PropertyDecorator {
  return ValidationRule(
    'isEuros',
    {
      validate: (value: unknown) =>
        (nullable && value === null) ||
        (hasAtMostTwoDecimals(value) && value >= 0 && value <= ORDER_AMOUNT_MAX),
    },
    {
      message: `$property must be an amount of euros from 0 with at most 2 decimals${nullable ? ', or null' : ''}`,
    },
  );
}

const MAX = TEXT_MAX_LENGTHS.order;

const Text = (max: number) => (target: object, key: string | symbol) => {
  ApiPropertyOptional({ maxLength: max })(target, key);
  IsOptional()(target, key);
  Transform(trimmed)(target, key);
  IsString()(target, key);
  MaxLength(max)(target, key);
};

/** POST /api/order: the new-order payload (docs/api/orders.md). */
export class CreateOrderDto {
  @OptionalRecordId('organization', 'An existing organization')
  organizationId?: string | null;
  @IgnoredName('organization') organizationName?: string | null;

  @ApiPropertyOptional({
    description: "'The organization doesn't exist yet': firstName and lastName name the customer",
  })
  @IsOptional()
  @IsBoolean()
  newOrganization?: boolean;

  @Text(MAX.firstName) firstName?: string;
  @Text(MAX.lastName) lastName?: string;

  @ApiProperty({ format: 'uuid' })
  @IsUUID('all', { message: MESSAGES.productRequired })
  productId: string;

  @ApiPropertyOptional({ description: "Ignored: the product's own name is stored" })
  @IsOptional()
  @IsString()
  @MaxLength(500)
  product?: string;

  @ApiProperty({ example: '2026-11-23' })
  @IsCalendarDate({ message: MESSAGES.dateOrderRequired })
  dateOrder: string;

  @ApiProperty({ example: 250.5, minimum: 0, description: 'Euros, 2 decimals' })
  @IsEuros(false)
  totalPaid: number;
}

/** PUT /api/order/{id}: the editable fields; a field left out keeps its value. */
export class UpdateOrderDto {
  @Text(MAX.company) company?: string;

  @OptionalRecordId('organization') organizationId?: string | null;

  @Text(MAX.lastName) lastName?: string;
  @Text(MAX.firstName) firstName?: string;
  @Text(MAX.email) email?: string;

  @ApiPropertyOptional({ enum: ORDER_ORIGINS, nullable: true })
  @OptionalOrNone()
  @IsIn([...ORDER_ORIGINS])
  from?: OrderOrigin | null;

  @ApiPropertyOptional({ format: 'uuid' })
  @IsOptional()
  @IsUUID('all', { message: MESSAGES.productRequired })
  productId?: string;

  @ApiPropertyOptional({ nullable: true }) @IsOptional() @IsEuros(true) totalAmountOrder?:
    number | null;
  @ApiPropertyOptional({ nullable: true }) @IsOptional() @IsEuros(true) amountDeposit?:
    number | null;
  @ApiPropertyOptional() @IsOptional() @IsEuros(false) totalPaid?: number;

  @ApiPropertyOptional({ nullable: true })
  @OptionalOrNone()
  @IsCalendarDate()
  dateOrder?: string | null;

  @ApiPropertyOptional({ nullable: true })
  @OptionalOrNone()
  @IsCalendarDate()
  dateOfBalance?: string | null;

  @Text(MAX.paymentTypeDeposit) paymentTypeDeposit?: string;
  @Text(MAX.paymentTypeBalance) paymentTypeBalance?: string;
  @ApiPropertyOptional() @IsOptional() @IsBoolean() toInvoice?: boolean;
  @ApiPropertyOptional() @IsOptional() @IsBoolean() paidTotaly?: boolean;
  @ApiPropertyOptional() @IsOptional() @IsBoolean() balancePaid?: boolean;
  @ApiPropertyOptional() @IsOptional() @IsBoolean() noVat?: boolean;
  @ApiPropertyOptional() @IsOptional() @IsBoolean() withVat?: boolean;
  @Text(MAX.vatNumber) vatNumber?: string;
  @Text(MAX.comment) comment?: string;

  @ExpectedVersion() updatedAt?: string;

  @ReadOnlyField() _id?: unknown;
  @ReadOnlyField() createdAt?: unknown;
  @ReadOnlyField() organizationName?: unknown;
  @ReadOnlyField() product?: unknown;
  @ReadOnlyField('Derived: total − deposit') amountBalanceToPaid?: unknown;
  @ApiPropertyOptional({ readOnly: true }) @IsOptional() subscriptionId?: unknown;
}

/** Every column of the list (ORDER_LIST_SORT_FIELDS), sortable, and createdAt. */
export const ORDER_SORT_FIELDS = [...ORDER_LIST_SORT_FIELDS, 'createdAt'] as const;
export type OrderSortField = (typeof ORDER_SORT_FIELDS)[number];

/** POST /api/order/search (and GET /api/order/export's query). */
export class SearchOrdersDto extends ListQueryDto {
  @ApiPropertyOptional({ enum: [...ORDER_ORIGINS, NOT_AVAILABLE] })
  @IsOptional()
  @Transform(({ value }: { value: unknown }) => (value === '' ? undefined : value))
  @IsIn([...ORDER_ORIGINS, NOT_AVAILABLE])
  from?: string;

  @ApiPropertyOptional({ format: 'uuid', description: 'A product id' })
  @IsOptional()
  @Transform(({ value }: { value: unknown }) => (value === '' ? undefined : value))
  @IsUUID('all', { message: 'product must be a product id' })
  product?: string;

  @ApiPropertyOptional({ description: "An organization id, or 'N/A' for orders without one" })
  @IsOptional()
  @Transform(({ value }: { value: unknown }) => (value === '' ? undefined : value))
  @ValidateIf((_, value) => value !== NOT_AVAILABLE)
  @IsUUID('all', { message: "organizationId must be an organization id or 'N/A'" })
  organizationId?: string;

  @ApiPropertyOptional({ enum: ORDER_SORT_FIELDS, default: 'dateOrder' })
  @IsOptional()
  @IsIn([...ORDER_SORT_FIELDS])
  sortField?: OrderSortField;

  @ApiPropertyOptional({ type: [String], description: 'These orders only (the subscription view)' })
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(ORDER_SEARCH_LIMIT_MAX)
  @IsUUID('all', { each: true })
  orderIds?: string[];
}
