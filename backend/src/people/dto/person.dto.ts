import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { DATE_MAX, DATE_MIN, PERSON_MERGE_FIELDS, TEXT_MAX_LENGTHS } from '@registra/domain';
import { mergeDto } from '../../platform/http/merge.dto';
import { Transform } from 'class-transformer';
import {
  IsBoolean,
  IsNotEmpty,
  IsOptional,
  IsString,
  MaxLength,
  ValidateIf,
} from 'class-validator';
import {
  ATTACHED_FILES_MAX,
  ATTACHED_FILES_SCHEMA,
  IsAttachedFiles,
} from '../../platform/http/attached-files-input';
import type { AttachedFilesInput } from '../../platform/http/attached-files-input';
import { ExpectedVersion, ReadOnlyField } from '../../platform/http/dto-fields';
import { IsCalendarDate } from '../../platform/http/validators';

const MAX = TEXT_MAX_LENGTHS.person;
export const NAME_MAX_LENGTH = MAX.firstName;
export const TEXT_MAX_LENGTH = MAX.nationality;
export const COMMENTS_MAX_LENGTH = MAX.comments;
export const BIRTH_RANGE = { min: '1900-01-01', max: '2099-12-31' } as const;
// AML dates are entered like the follow-up dates, 2000-01-01..2099-12-31.
export const DATE_AML_RANGE = { min: DATE_MIN, max: DATE_MAX } as const;

type TransformArgs = { value: unknown };
const trim = ({ value }: TransformArgs) => (typeof value === 'string' ? value.trim() : value);
/** The form sends '' for a cleared input; the record keeps null for "not given". */
const trimToNull = ({ value }: TransformArgs) =>
  typeof value === 'string' ? value.trim() || null : value;
const emptyToNull = ({ value }: TransformArgs) => (value === '' ? null : value);
/** Countries are the client's lower-case names (COUNTRIES), so the filter matches exactly. */
const countryName = ({ value }: TransformArgs) =>
  typeof value === 'string' ? value.trim().toLowerCase() || null : value;

const applyAll =
  (...decorators: PropertyDecorator[]): PropertyDecorator =>
  (target, key) =>
    decorators.forEach((decorator) => decorator(target, key));

const OptionalText = (max: number = TEXT_MAX_LENGTH) =>
  applyAll(
    ApiPropertyOptional({ type: String, nullable: true, maxLength: max }),
    IsOptional(),
    Transform(trimToNull),
    IsString(),
    MaxLength(max),
  );
const OptionalDate = (range: { min: string; max: string }) =>
  applyAll(
    ApiPropertyOptional({ type: String, nullable: true, format: 'date', example: range.min }),
    IsOptional(),
    Transform(emptyToNull),
    IsCalendarDate(range),
  );
// Booleans are NOT NULL columns: null is refused (400), unlike the text fields.
const OptionalBoolean = () =>
  applyAll(
    ApiPropertyOptional({ type: Boolean }),
    ValidateIf((_, value) => value !== undefined),
    IsBoolean(),
  );
const RequiredName = () =>
  applyAll(
    ApiProperty({ maxLength: NAME_MAX_LENGTH }),
    Transform(trim),
    IsString(),
    IsNotEmpty({ message: '$property is required' }),
    MaxLength(NAME_MAX_LENGTH),
  );
const OptionalName = () =>
  applyAll(
    ApiPropertyOptional({ maxLength: NAME_MAX_LENGTH }),
    ValidateIf((_, value) => value !== undefined),
    Transform(trim),
    IsString(),
    IsNotEmpty({ message: '$property cannot be empty' }),
    MaxLength(NAME_MAX_LENGTH),
  );

/** Every Person field except the names and the read-only ones. */
export class PersonFieldsDto {
  @OptionalText(MAX.phone) phone?: string | null;
  @OptionalText(MAX.mail) mail?: string | null;
  @OptionalDate(BIRTH_RANGE) birth?: string | null;
  @OptionalText() nationality?: string | null;

  @ApiPropertyOptional({
    type: String,
    nullable: true,
    description: 'Lower-case country name',
    example: 'ireland',
  })
  @IsOptional()
  @Transform(countryName)
  @IsString()
  @MaxLength(TEXT_MAX_LENGTH)
  country?: string | null;

  @OptionalText() ipn?: string | null;
  @OptionalText() pps?: string | null;
  @OptionalText(MAX.addressStreet1) addressStreet1?: string | null;
  @OptionalText() addressZip1?: string | null;
  @OptionalText() addressCity1?: string | null;
  @OptionalText() addressState1?: string | null;
  @OptionalText() addressCountry1?: string | null;

  @ApiPropertyOptional({ type: String, nullable: true, maxLength: COMMENTS_MAX_LENGTH })
  @IsOptional()
  @Transform(emptyToNull)
  @IsString()
  @MaxLength(COMMENTS_MAX_LENGTH)
  comments?: string | null;

  @OptionalBoolean() vif?: boolean;
  @OptionalBoolean() idPal?: boolean;
  @OptionalBoolean() pep?: boolean;
  @OptionalText() companyForm?: string | null;
  @OptionalDate(DATE_AML_RANGE) dateAml?: string | null;

  @ApiPropertyOptional(ATTACHED_FILES_SCHEMA)
  @ValidateIf((_, value) => value !== undefined)
  @IsAttachedFiles(ATTACHED_FILES_MAX)
  attachedFiles?: AttachedFilesInput;
}

/** POST /api/people: first and last name required, any other Person field optional. */
export class CreatePersonDto extends PersonFieldsDto {
  @RequiredName() firstName: string;
  @RequiredName() lastName: string;
}

/**
 * PUT /api/people/{id}: the whole person as GET returned it, or any subset of its fields (only
 * the named fields change). Read-only fields are accepted and ignored; a field no person has is
 * refused by the global whitelist.
 */
export class UpdatePersonDto extends PersonFieldsDto {
  @OptionalName() firstName?: string;
  @OptionalName() lastName?: string;

  @ReadOnlyField() _id?: unknown;
  @ReadOnlyField() createdAt?: unknown;
  @ReadOnlyField() deletedAt?: unknown;
  /** The view's file entries, sent back with the record: `attachedFiles` is what is written. */
  @ReadOnlyField() files?: unknown;

  @ExpectedVersion() updatedAt?: string;
}

/** POST /api/people/merge: one duplicate moves into the other. */
export class MergePeopleDto extends mergeDto(PERSON_MERGE_FIELDS) {}
