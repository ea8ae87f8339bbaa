import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import {
  IMPORT_DATE_FORMATS,
  IMPORT_DUPLICATE_CHOICES,
  IMPORT_ENCODINGS,
  IMPORT_ROWS_MAX,
} from '@registra/domain';
import type {
  ImportDateFormat,
  ImportDuplicateChoice,
  ImportEncoding,
  ImportMapping,
} from '@registra/domain';
import { Type } from 'class-transformer';
import {
  IsIn,
  IsInt,
  IsObject,
  IsOptional,
  IsString,
  Max,
  MaxLength,
  Min,
  ValidateBy,
} from 'class-validator';

/** `{ "Company name": "organization.name", "Notes": null }`: every value a field id or null. */
const IsMapping = () =>
  ValidateBy({
    name: 'isImportMapping',
    validator: {
      validate: (value: unknown) =>
        typeof value === 'object' &&
        value !== null &&
        !Array.isArray(value) &&
        Object.values(value).every(
          (field) => field === null || (typeof field === 'string' && field.length <= 100),
        ),
      defaultMessage: () => 'mapping must map each file column to a field name or null',
    },
  });

/** `{ "12": "create" }`: per-row duplicate choices. */
const IsChoices = () =>
  ValidateBy({
    name: 'isImportChoices',
    validator: {
      validate: (value: unknown) =>
        typeof value === 'object' &&
        value !== null &&
        !Array.isArray(value) &&
        Object.entries(value).every(
          ([row, choice]) =>
            /^\d{1,9}$/.test(row) &&
            (IMPORT_DUPLICATE_CHOICES as readonly unknown[]).includes(choice),
        ),
      defaultMessage: () => 'choices must map row numbers to skip, update or create',
    },
  });

export class CheckImportDto {
  @ApiPropertyOptional({
    description:
      'File column → field (`organization.name`, `person.lastName`, `link.roles`…) or null; default: as guessed or last checked',
    example: { 'Company name': 'organization.name', 'CRO number': 'organization.cro' },
  })
  @IsOptional()
  @IsObject()
  @IsMapping()
  mapping?: ImportMapping;

  @ApiPropertyOptional({ enum: IMPORT_DATE_FORMATS, default: 'dd/MM/yyyy' })
  @IsOptional()
  @IsIn([...IMPORT_DATE_FORMATS])
  dateFormat?: ImportDateFormat;

  @ApiPropertyOptional({ enum: IMPORT_ENCODINGS, description: 'CSV only; default: detected' })
  @IsOptional()
  @IsIn([...IMPORT_ENCODINGS])
  encoding?: ImportEncoding;

  @ApiPropertyOptional({ description: 'XLSX only: the sheet to read; default: the first' })
  @IsOptional()
  @IsString()
  @MaxLength(200)
  sheet?: string;

  @ApiPropertyOptional({
    description:
      "The header's row number as the spreadsheet shows it (rows above it are not read); default: as guessed at upload",
    minimum: 1,
    maximum: IMPORT_ROWS_MAX,
  })
  @IsOptional()
  @IsInt({ message: 'headerRow must be a row number' })
  @Min(1, { message: 'headerRow must be a row number' })
  @Max(IMPORT_ROWS_MAX, { message: `headerRow must be at most ${IMPORT_ROWS_MAX}` })
  headerRow?: number;

  @ApiProperty({ enum: IMPORT_DUPLICATE_CHOICES })
  @IsIn([...IMPORT_DUPLICATE_CHOICES], { message: 'onDuplicate must be skip, update or create' })
  onDuplicate: ImportDuplicateChoice;

  @ApiPropertyOptional({
    description: 'Per-row choices overriding onDuplicate',
    example: { '12': 'create' },
  })
  @IsOptional()
  @IsChoices()
  choices?: Record<string, ImportDuplicateChoice>;
}

export class ImportHistoryQueryDto {
  @ApiPropertyOptional({ default: 1 })
  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(1)
  page?: number;

  @ApiPropertyOptional({ default: 25 })
  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(100)
  limit?: number;
}
