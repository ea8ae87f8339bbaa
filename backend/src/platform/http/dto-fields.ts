import { applyDecorators } from '@nestjs/common';
import { ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsNotEmpty, IsOptional, IsString, IsUUID, MaxLength, ValidateIf } from 'class-validator';
import { ATTACHED_FILES_MAX, ATTACHED_FILES_SCHEMA, IsAttachedFiles } from './attached-files-input';
import { IsTimestamp } from './validators';

/** Text as typed, without the spaces around it. */
export const trimmed = ({ value }: { value: unknown }) =>
  typeof value === 'string' ? value.trim() : value;

/** An emptied field (`''`) means none. */
export const emptyToNull = ({ value }: { value: unknown }) => (value === '' ? null : value);

/** A field that may also be null. */
export const NullAllowed = () => ValidateIf((_, value) => value !== null);

/** A field that may be left out, or sent empty (`''`) or null: none. */
export const OptionalOrNone = () =>
  applyDecorators(IsOptional(), Transform(emptyToNull), NullAllowed());

/** Optional text of at most `max` characters. */
export const OptionalText = (max: number) =>
  applyDecorators(IsOptional(), IsString(), MaxLength(max));

/**
 * Text that must be given, not empty, of at most `max` characters; `required`: the message when it
 * is empty. Listed in the order the same decorators stacked on a field run (bottom first), so that
 * a field's messages keep their order.
 */
export const RequiredText = (max: number, required?: string) =>
  applyDecorators(
    MaxLength(max),
    IsNotEmpty(required === undefined ? undefined : { message: required }),
    IsString(),
  );

/** Optional text of at most `max` characters, or null. */
export const NullableText = (max: number) =>
  applyDecorators(IsOptional(), NullAllowed(), IsString(), MaxLength(max));

/**
 * `updatedAt` of a PUT: the version the client loaded (optimistic concurrency,
 * versioned-update.ts); a stale one answers 409 VERSION_CONFLICT.
 */
export const ExpectedVersion = () =>
  applyDecorators(
    ApiPropertyOptional({
      format: 'date-time',
      description: 'The updatedAt the client loaded: a stale one answers 409 VERSION_CONFLICT',
    }),
    IsOptional(),
    IsTimestamp(),
  );

/** A field of the record as GET answered it, sent back with the rest: accepted and ignored. */
export const ReadOnlyField = (description?: string) =>
  applyDecorators(ApiPropertyOptional({ readOnly: true, description }), IsOptional());

/** The id of another record (an organization, a person), optional, null or '' for none. */
export const OptionalRecordId = (record: 'organization' | 'person', description?: string) =>
  applyDecorators(
    ApiPropertyOptional({ format: 'uuid', nullable: true, description }),
    OptionalOrNone(),
    IsUUID('all', {
      message: `$property must be ${record === 'person' ? 'a' : 'an'} ${record} id`,
    }),
  );

/**
 * A record's name sent beside its id, as GET answers it: checked for its type and length, then
 * ignored (the server stores the record's own name).
 */
export const IgnoredName = (record: 'organization' | 'person') =>
  applyDecorators(
    ApiPropertyOptional({ description: `Ignored: the ${record}'s own name is stored` }),
    NullableText(500),
  );

/** A record's `attachedFiles`: files Registra stores, as entries or URLs; left out, unchanged. */
export const AttachedFilesField = () =>
  applyDecorators(
    ApiPropertyOptional(ATTACHED_FILES_SCHEMA),
    IsOptional(),
    IsAttachedFiles(ATTACHED_FILES_MAX),
  );
