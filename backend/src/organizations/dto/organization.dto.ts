import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import {
  CREATION_PACKAGES,
  CREATION_STATUSES,
  FINOTOR_STATUSES,
  LANGUAGES,
  ORGANIZATION_MERGE_FIELDS,
  SERVICE_PLANS,
  TEXT_MAX_LENGTHS,
} from '@registra/domain';
import { Transform, Type } from 'class-transformer';
import { mergeDto } from '../../platform/http/merge.dto';
import {
  IsArray,
  IsBoolean,
  IsIn,
  IsOptional,
  IsString,
  IsUUID,
  MaxLength,
  ValidateIf,
  ValidateNested,
} from 'class-validator';
import type { AttachedFilesInput } from '../../platform/http/attached-files-input';
import {
  AttachedFilesField,
  emptyToNull,
  ExpectedVersion,
  ReadOnlyField,
  RequiredText,
  trimmed,
} from '../../platform/http/dto-fields';
import { IsCalendarDate, IsTimestamp } from '../../platform/http/validators';

const MAX = TEXT_MAX_LENGTHS.organization;

export class AssignedUserDto {
  @ApiProperty() @IsUUID() userId: string;
  @ApiProperty() @IsString() @MaxLength(200) userName: string;
}

export class PaymentHistoryEntryDto {
  @ApiPropertyOptional({ type: String, nullable: true, example: '2026-01-31' })
  @IsOptional()
  @Transform(emptyToNull)
  @IsCalendarDate()
  nextPaidReminder?: string | null;

  @ApiPropertyOptional({ type: String, nullable: true, example: '2026-02-03' })
  @IsOptional()
  @Transform(emptyToNull)
  @IsCalendarDate()
  paidDate?: string | null;
}

export class CreateOrganizationDto {
  @ApiProperty({ example: 'Emerald Isle Trading Ltd' })
  @Transform(trimmed)
  @RequiredText(MAX.name, 'name is required')
  name: string;
}

const text = (max = 500) => [IsOptional(), Transform(emptyToNull), IsString(), MaxLength(max)];
const applyAll =
  (...decorators: PropertyDecorator[]): PropertyDecorator =>
  (target, key) =>
    decorators.forEach((decorator) => decorator(target, key));
const OptionalText = (max = 500) => applyAll(...text(max));
const OptionalDate = () => applyAll(IsOptional(), Transform(emptyToNull), IsCalendarDate());
const OptionalBoolean = () => applyAll(IsOptional(), IsBoolean());
const OptionalHistory = () =>
  applyAll(
    IsOptional(),
    IsArray(),
    ValidateNested({ each: true }),
    Type(() => PaymentHistoryEntryDto),
  );
const OptionalPlan = () =>
  applyAll(IsOptional(), IsIn([...SERVICE_PLANS], { message: 'plan must be 6 or 12 months' }));

/**
 * PUT /api/organization/{id}: the whole organization as GET returned it, or any subset of its
 * fields (notes; attachedFiles; finotor with finotorEmailSentAt; users). Read-only and derived
 * fields are accepted and ignored: `firstAr`, `corporationTaxPaidReminder` and the services'
 * paid-reminders are the server's (api-conventions.md "Derived values are the server's").
 */
export class UpdateOrganizationDto {
  @ApiPropertyOptional()
  @IsOptional()
  @Transform(trimmed)
  @RequiredText(MAX.name)
  name?: string;
  @ApiPropertyOptional({ nullable: true }) @OptionalText(MAX.mail) mail?: string | null;
  @ApiPropertyOptional({ nullable: true }) @OptionalText(MAX.cro) cro?: string | null;
  @ApiPropertyOptional({ enum: LANGUAGES, nullable: true })
  @IsOptional()
  @Transform(emptyToNull)
  @ValidateIf((_, v) => v !== null)
  @IsIn([...LANGUAGES])
  language?: string | null;
  @ApiPropertyOptional({ enum: CREATION_STATUSES, nullable: true })
  @IsOptional()
  @Transform(emptyToNull)
  @ValidateIf((_, v) => v !== null)
  @IsIn([...CREATION_STATUSES])
  creationStatus?: string | null;
  @ApiPropertyOptional({ enum: CREATION_PACKAGES, nullable: true })
  @IsOptional()
  @Transform(emptyToNull)
  @ValidateIf((_, v) => v !== null)
  @IsIn([...CREATION_PACKAGES])
  creationPackage?: string | null;
  @ApiPropertyOptional({ type: String, nullable: true }) @OptionalDate() incorporationDate?:
    string | null;
  @ApiPropertyOptional({ nullable: true }) @OptionalText(MAX.businessActivity) businessActivity?:
    string | null;
  @ApiPropertyOptional({ nullable: true }) @OptionalText(MAX.address) address?: string | null;

  @ApiPropertyOptional({
    default: false,
    description:
      'With a changed address (the registered office): true means its B2 is already filed, so no CHANGE_OF_REGISTERED_ADDRESS follow-up is started',
  })
  @IsOptional()
  @IsBoolean()
  alreadyFiled?: boolean;
  @ApiPropertyOptional({ nullable: true }) @OptionalText(MAX.country) country?: string | null;
  @ApiPropertyOptional() @OptionalBoolean() rbo?: boolean;
  @ApiPropertyOptional({ nullable: true }) @OptionalText(MAX.comments) comments?: string | null;
  @ApiPropertyOptional({ nullable: true }) @OptionalText(MAX.notes) notes?: string | null;

  @AttachedFilesField() attachedFiles?: AttachedFilesInput;

  @ApiPropertyOptional({ type: [AssignedUserDto] })
  @IsOptional()
  @IsArray()
  @ValidateNested({ each: true })
  @Type(() => AssignedUserDto)
  users?: AssignedUserDto[];

  @ApiPropertyOptional({ description: 'AML appendices (their own module validates them)' })
  @IsOptional()
  aml?: Record<string, unknown>;

  @ApiPropertyOptional({ description: 'Derived: incorporationDate + 6 months. Ignored.' })
  @IsOptional()
  firstAr?: unknown;
  @ApiPropertyOptional({ description: 'First annual return done' })
  @OptionalBoolean()
  status?: boolean;
  @ApiPropertyOptional({ type: String, nullable: true }) @OptionalDate() nextArReminder?:
    string | null;
  @ApiPropertyOptional({ type: String, nullable: true }) @OptionalDate() B1B73?: string | null;
  @ApiPropertyOptional() @OptionalBoolean() bilan?: boolean;
  @ApiPropertyOptional({
    description: "Start the annual-return follow-up by itself the firm's lead days before the ARD",
  })
  @OptionalBoolean()
  annualReturnAutoStart?: boolean;
  @ApiPropertyOptional({ type: String, nullable: true }) @OptionalDate() financialYearEnd?:
    string | null;
  @ApiPropertyOptional({
    type: String,
    nullable: true,
    description: 'When the client relationship ended (yyyy-mm-dd); null while it goes on',
  })
  @OptionalDate()
  relationshipEndedOn?: string | null;

  @ApiPropertyOptional({ type: [String] })
  @IsOptional()
  @IsArray()
  @IsCalendarDate({ each: true })
  corporationTaxPaid?: string[];

  @ApiPropertyOptional({ description: 'Derived: financialYearEnd + 9 months. Ignored.' })
  @IsOptional()
  corporationTaxPaidReminder?: unknown;
  @ApiPropertyOptional({ nullable: true })
  @OptionalText(MAX.coroporationTaxNumber)
  coroporationTaxNumber?: string | null;
  @ApiPropertyOptional({ nullable: true })
  @OptionalText(MAX.accountingComments)
  accountingComments?: string | null;

  @ApiPropertyOptional({ enum: FINOTOR_STATUSES })
  @IsOptional()
  @IsIn([...FINOTOR_STATUSES])
  finotor?: string;
  @ApiPropertyOptional({ type: String, nullable: true })
  @IsOptional()
  @IsTimestamp()
  finotorEmailSentAt?: string | null;
  @ApiPropertyOptional({ type: String, nullable: true })
  @IsOptional()
  @IsTimestamp()
  finotorRegisteredAt?: string | null;

  @ApiPropertyOptional() @OptionalBoolean() hasDomiciliation?: boolean;
  @ApiPropertyOptional({ type: String, nullable: true })
  @OptionalDate()
  domiciliationSubscription?: string | null;
  @ApiPropertyOptional({ enum: SERVICE_PLANS })
  @OptionalPlan()
  domiciliationSubscriptionPlan?: number;
  @ApiPropertyOptional({ description: 'Derived. Ignored.' })
  @IsOptional()
  domiciliationPaidReminder?: unknown;
  @ApiPropertyOptional({ type: [PaymentHistoryEntryDto] })
  @OptionalHistory()
  domiciliationPaymentHistory?: PaymentHistoryEntryDto[];

  @ApiPropertyOptional() @OptionalBoolean() hasSecretaryCompany?: boolean;
  @ApiPropertyOptional({ type: String, nullable: true })
  @OptionalDate()
  secretaryCompanySubscription?: string | null;
  @ApiPropertyOptional({ enum: SERVICE_PLANS })
  @OptionalPlan()
  secretaryCompanySubscriptionPlan?: number;
  @ApiPropertyOptional({ description: 'Derived. Ignored.' })
  @IsOptional()
  secretaryCompanyPaidReminder?: unknown;
  @ApiPropertyOptional({ type: [PaymentHistoryEntryDto] })
  @OptionalHistory()
  secretaryCompanyPaymentHistory?: PaymentHistoryEntryDto[];

  @ApiPropertyOptional() @OptionalBoolean() hasAnonymousShareholder?: boolean;
  @ApiPropertyOptional({ type: String, nullable: true })
  @OptionalDate()
  anonymousShareholderSubscription?: string | null;
  @ApiPropertyOptional({ enum: SERVICE_PLANS })
  @OptionalPlan()
  anonymousShareholderSubscriptionPlan?: number;
  @ApiPropertyOptional({ description: 'Derived. Ignored.' })
  @IsOptional()
  anonymousShareholderPaidReminder?: unknown;
  @ApiPropertyOptional({ type: [PaymentHistoryEntryDto], description: 'Spelled so in the API.' })
  @OptionalHistory()
  anonymousShareholdePaymentHistory?: PaymentHistoryEntryDto[];

  @ApiPropertyOptional({
    description: 'Follow-ups arrive with their module; the embedded list is read-only here.',
  })
  @IsOptional()
  followUps?: unknown;

  // Read-only fields of the record as GET returned it: accepted and ignored.
  @ReadOnlyField() _id?: unknown;
  @ReadOnlyField() createdAt?: unknown;
  @ExpectedVersion() updatedAt?: string;
  @ReadOnlyField() deletedAt?: unknown;
  /** The view's file entries, sent back with the record: `attachedFiles` is what is written. */
  @ReadOnlyField() files?: unknown;
}

/** POST /api/organization/merge: one duplicate moves into the other. */
export class MergeOrganizationsDto extends mergeDto(ORGANIZATION_MERGE_FIELDS) {}
