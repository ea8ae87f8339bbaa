import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import {
  BENEFICIARY_PERCENTAGE_MAX,
  BENEFICIARY_PERCENTAGE_MIN,
  MESSAGES,
  PERSON_TYPES,
  PUBLIC_FORM_ADDRESS_MAX,
  PUBLIC_FORM_DESCRIPTION_MAX,
  PUBLIC_FORM_MESSAGES,
  PUBLIC_FORM_PEOPLE_MAX,
  PUBLIC_FORM_ROLES,
  PUBLIC_FORM_TEXT_MAX,
  containsMarkup,
} from '@registra/domain';
import type { PersonType, PublicFormRole } from '@registra/domain';
import { Transform, Type } from 'class-transformer';
import {
  ArrayMaxSize,
  IsArray,
  IsBoolean,
  IsIn,
  IsNotEmpty,
  IsNumber,
  IsOptional,
  IsString,
  Max,
  MaxLength,
  Min,
  ValidateIf,
  ValidateNested,
} from 'class-validator';
import { ListQueryDto } from '../../platform/http/list-query.dto';
import { ExpectedVersion, ReadOnlyField } from '../../platform/http/dto-fields';
import { ValidationRule } from '../../platform/http/validators';

/** The words of a refused field: French on the public form, English for staff. */
interface FieldMessages {
  invalid: string;
  tooLong: string;
  markup: string;
  beneficiary: string;
  tooManyPeople: string;
}

const PUBLIC: FieldMessages = {
  invalid: PUBLIC_FORM_MESSAGES.fieldInvalid,
  tooLong: PUBLIC_FORM_MESSAGES.textTooLong,
  markup: PUBLIC_FORM_MESSAGES.markupRefused,
  beneficiary: PUBLIC_FORM_MESSAGES.beneficiaryOutOfRange,
  tooManyPeople: PUBLIC_FORM_MESSAGES.tooManyPeople,
};

const STAFF: FieldMessages = {
  invalid: '$property is not valid',
  tooLong: `$property is longer than $constraint1 characters`,
  markup: "$property cannot contain '<' or '>'",
  beneficiary: MESSAGES.beneficiaryOutOfRange,
  tooManyPeople: `A request has at most ${PUBLIC_FORM_PEOPLE_MAX} people`,
};

const trim = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);

const applyAll =
  (...decorators: PropertyDecorator[]): PropertyDecorator =>
  (target, key) =>
    decorators.forEach((decorator) => decorator(target, key));

/** No '<' or '>': anonymous text is stored as typed and must carry no markup. */
function NoMarkup(message: string): PropertyDecorator {
  return ValidationRule(
    'noMarkup',
    {
      validate: (value: unknown) => typeof value !== 'string' || !containsMarkup(value),
    },
    { message },
  );
}

/** Optional text, trimmed, bounded, without markup. Requiredness is the domain schema's. */
const Text = (messages: FieldMessages, max = PUBLIC_FORM_TEXT_MAX) =>
  applyAll(
    ApiPropertyOptional({ type: String, maxLength: max }),
    IsOptional(),
    Transform(trim),
    IsString({ message: messages.invalid }),
    MaxLength(max, { message: messages.tooLong }),
    NoMarkup(messages.markup),
  );

const Flag = (messages: FieldMessages) =>
  applyAll(
    ApiPropertyOptional({ type: Boolean, default: false }),
    IsOptional(),
    IsBoolean({ message: messages.invalid }),
  );

const Roles = (messages: FieldMessages) =>
  applyAll(
    ApiPropertyOptional({ enum: PUBLIC_FORM_ROLES, isArray: true }),
    IsOptional(),
    IsArray({ message: messages.invalid }),
    ArrayMaxSize(PUBLIC_FORM_ROLES.length, { message: messages.invalid }),
    IsIn([...PUBLIC_FORM_ROLES], { each: true, message: messages.invalid }),
  );

const PersonKind = (messages: FieldMessages) =>
  applyAll(
    ApiPropertyOptional({ enum: PERSON_TYPES, default: 'naturalPerson' }),
    IsOptional(),
    IsIn([...PERSON_TYPES], { message: messages.invalid }),
  );

const Beneficiary = (messages: FieldMessages) =>
  applyAll(
    ApiPropertyOptional({
      type: Number,
      minimum: BENEFICIARY_PERCENTAGE_MIN,
      maximum: BENEFICIARY_PERCENTAGE_MAX,
      default: 0,
    }),
    IsOptional(),
    IsNumber(
      { allowNaN: false, allowInfinity: false, maxDecimalPlaces: 2 },
      { message: messages.beneficiary },
    ),
    Min(BENEFICIARY_PERCENTAGE_MIN, { message: messages.beneficiary }),
    Max(BENEFICIARY_PERCENTAGE_MAX, { message: messages.beneficiary }),
  );

const People = (messages: FieldMessages, type: () => new () => object) =>
  applyAll(
    ApiPropertyOptional({ type: [type()], maxItems: PUBLIC_FORM_PEOPLE_MAX }),
    IsOptional(),
    IsArray({ message: messages.invalid }),
    ArrayMaxSize(PUBLIC_FORM_PEOPLE_MAX, { message: messages.tooManyPeople }),
    ValidateNested({ each: true }),
    Type(type),
  );

/** A person of the public form (docs/api/forms.md), checked in French. */
export class PublicFormPersonDto {
  @Roles(PUBLIC) roles?: PublicFormRole[];
  @PersonKind(PUBLIC) personType?: PersonType;
  @Beneficiary(PUBLIC) beneficiaryPercentage?: number;
  @Flag(PUBLIC) secretaryCompany?: boolean;
  @Flag(PUBLIC) anonymeShareholder?: boolean;
  @Text(PUBLIC) KBIS?: string;
  @Text(PUBLIC) authorizedPerson_name?: string;
  @Text(PUBLIC, PUBLIC_FORM_ADDRESS_MAX) authorizedPerson_address?: string;
  @Text(PUBLIC) firstName?: string;
  @Text(PUBLIC) lastName?: string;
  @Text(PUBLIC) mail?: string;
  @Text(PUBLIC) phone?: string;
  @Text(PUBLIC) birth?: string;
  @Text(PUBLIC) nationality?: string;
  @Text(PUBLIC, PUBLIC_FORM_ADDRESS_MAX) street?: string;
  @Text(PUBLIC) city?: string;
  @Text(PUBLIC) state?: string;
  @Text(PUBLIC) country?: string;
  @Text(PUBLIC) zip?: string;
}

/**
 * POST /api/form, public: the whole request. This class checks types, sizes and markup; which
 * fields are required and the role checks are the domain library's, in their order
 * (`PUBLIC_FORM_SUBMIT_CHECKS`).
 */
export class PublicFormDto {
  @Text(PUBLIC) organizationName1?: string;
  @Text(PUBLIC) organizationName2?: string;
  @Text(PUBLIC) organizationName3?: string;
  @Text(PUBLIC, PUBLIC_FORM_DESCRIPTION_MAX) description?: string;
  @Flag(PUBLIC) IDPAL?: boolean;
  @Flag(PUBLIC) secretaryCompany?: boolean;
  @Flag(PUBLIC) anonymeShareholder?: boolean;
  @People(PUBLIC, () => PublicFormPersonDto) peoples?: PublicFormPersonDto[];

  @ApiPropertyOptional({
    description:
      'Honeypot: a field people never see. A post that fills it is answered as accepted and dropped.',
  })
  @IsOptional()
  website?: unknown;
}

/** A person of a request as staff edit it: only the beneficiary range is a rule. */
export class FormPersonDto {
  @Roles(STAFF) roles?: PublicFormRole[];
  @PersonKind(STAFF) personType?: PersonType;
  @Beneficiary(STAFF) beneficiaryPercentage?: number;
  @Flag(STAFF) secretaryCompany?: boolean;
  @Flag(STAFF) anonymeShareholder?: boolean;
  @Text(STAFF) KBIS?: string;
  @Text(STAFF) authorizedPerson_name?: string;
  @Text(STAFF, PUBLIC_FORM_ADDRESS_MAX) authorizedPerson_address?: string;
  @Text(STAFF) firstName?: string;
  @Text(STAFF) lastName?: string;
  @Text(STAFF) mail?: string;
  @Text(STAFF) phone?: string;
  @Text(STAFF) birth?: string;
  @Text(STAFF) nationality?: string;
  @Text(STAFF, PUBLIC_FORM_ADDRESS_MAX) street?: string;
  @Text(STAFF) city?: string;
  @Text(STAFF) state?: string;
  @Text(STAFF) country?: string;
  @Text(STAFF) zip?: string;
}

/**
 * PUT /api/form/{id}: the whole request as GET returned it ("name 1 and description required;
 * beneficiary percentage 0 to 100"); a field left out keeps its value.
 */
export class UpdateFormDto {
  @ApiProperty({ maxLength: PUBLIC_FORM_TEXT_MAX })
  @Transform(trim)
  @IsString({ message: MESSAGES.organizationName1Required })
  @IsNotEmpty({ message: MESSAGES.organizationName1Required })
  @MaxLength(PUBLIC_FORM_TEXT_MAX, { message: STAFF.tooLong })
  @NoMarkup(STAFF.markup)
  organizationName1: string;

  @Text(STAFF) organizationName2?: string;
  @Text(STAFF) organizationName3?: string;

  @ApiProperty({ maxLength: PUBLIC_FORM_DESCRIPTION_MAX })
  @Transform(trim)
  @IsString({ message: MESSAGES.descriptionRequired })
  @IsNotEmpty({ message: MESSAGES.descriptionRequired })
  @MaxLength(PUBLIC_FORM_DESCRIPTION_MAX, { message: STAFF.tooLong })
  @NoMarkup(STAFF.markup)
  description: string;

  @Flag(STAFF) IDPAL?: boolean;
  @Flag(STAFF) secretaryCompany?: boolean;
  @Flag(STAFF) anonymeShareholder?: boolean;
  @People(STAFF, () => FormPersonDto) peoples?: FormPersonDto[];

  @ExpectedVersion() updatedAt?: string;

  @ReadOnlyField() _id?: unknown;
  @ReadOnlyField() createdAt?: unknown;
  @ReadOnlyField() organizationId?: unknown;
  @ReadOnlyField() convertedAt?: unknown;
  @ReadOnlyField('Changed through PUT /form/{id}/keep') kept?: unknown;
  @ReadOnlyField() __v?: unknown;
}

/** PUT /form/{id}/keep: staff keep the request past the prospect period, or stop keeping it. */
export class KeepFormDto {
  @ApiProperty({
    description:
      'true: the daily retention job lists the request for review instead of erasing it once past the prospect period',
  })
  @IsBoolean({ message: 'kept must be true or false' })
  kept: boolean;
}

export const FORM_SORT_FIELDS = [
  'createdAt',
  'updatedAt',
  'organizationName1',
  'organizationName2',
  'organizationName3',
] as const;
export type FormSortField = (typeof FORM_SORT_FIELDS)[number];

/** POST /api/form/search: the staff list (createdAt desc by default). */
export class SearchFormsDto extends ListQueryDto {
  @ApiPropertyOptional({ enum: FORM_SORT_FIELDS, default: 'createdAt' })
  @IsOptional()
  @Transform(({ value }: { value: unknown }) => (value === '' ? undefined : value))
  @ValidateIf((_, value) => value !== undefined)
  @IsIn([...FORM_SORT_FIELDS], {
    message: `sortField must be one of ${FORM_SORT_FIELDS.join(', ')}`,
  })
  sortField?: FormSortField;
}
