import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { MERGE_CHOICES } from '@registra/domain';
import type { MergeChoice, MergeField } from '@registra/domain';
import { IsOptional, IsUUID } from 'class-validator';
import { ValidationRule } from './validators';

/**
 * `fields` of a merge: for each choice staff made, which record's value survives. Keys are the
 * record's merge fields (`PERSON_MERGE_FIELDS` / `ORGANIZATION_MERGE_FIELDS`); a field left out
 * keeps the kept record's value.
 */
function IsMergeChoices(fields: readonly MergeField[]): PropertyDecorator {
  const keys = new Set(fields.map((field) => field.key));
  const wrongKey = (value: Record<string, unknown>) =>
    Object.entries(value).find(
      ([key, choice]) => !keys.has(key) || !MERGE_CHOICES.includes(choice as MergeChoice),
    );
  return ValidationRule('isMergeChoices', {
    validate: (value: unknown) =>
      typeof value === 'object' &&
      value !== null &&
      !Array.isArray(value) &&
      wrongKey(value as Record<string, unknown>) === undefined,
    defaultMessage(args) {
      const value = args?.value as unknown;
      if (typeof value !== 'object' || value === null || Array.isArray(value))
        return '$property must be an object of field: "keep" or "merge"';
      const [key] = wrongKey(value as Record<string, unknown>)!;
      return keys.has(key)
        ? `$property.${key} must be "keep" or "merge"`
        : `$property.${key} is not a field that can be merged`;
    },
  });
}

/** POST /api/{people|organization}/merge: the record kept, the one merged into it, the choices. */
export function mergeDto(fields: readonly MergeField[]) {
  class MergeDto {
    @ApiProperty({ format: 'uuid', description: 'The record that stays' })
    @IsUUID()
    keepId: string;

    @ApiProperty({ format: 'uuid', description: 'The record merged into it, then deleted' })
    @IsUUID()
    mergeId: string;

    @ApiPropertyOptional({
      description: 'Field by field, which value survives: "keep" (default) or "merge"',
      example: { mail: 'merge' },
    })
    @IsOptional()
    @IsMergeChoices(fields)
    fields?: Record<string, MergeChoice>;
  }
  return MergeDto;
}
