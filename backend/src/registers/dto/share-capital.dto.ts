import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import {
  IsBoolean,
  IsIn,
  IsInt,
  IsNotEmpty,
  IsNumber,
  IsOptional,
  IsString,
  IsUUID,
  Matches,
  Max,
  MaxLength,
  Min,
  ValidateIf,
} from 'class-validator';
import {
  NOMINAL_VALUE_MAX,
  SHARE_CLASS_NAME_MAX,
  SHARE_ENTRY_KINDS,
  SHARES_MAX,
  SHARES_MIN,
} from '@registra/domain';
import type { ShareEntryKind } from '@registra/domain';
import { trimmed } from '../../platform/http/dto-fields';
import { IsCalendarDate } from '../../platform/http/validators';

/** POST /api/organization/{id}/share-classes */
export class CreateShareClassDto {
  @ApiProperty({ maxLength: SHARE_CLASS_NAME_MAX, example: 'Ordinary' })
  @Transform(trimmed)
  @IsString()
  @IsNotEmpty({ message: 'name must not be empty' })
  @MaxLength(SHARE_CLASS_NAME_MAX)
  name: string;

  @ApiProperty({
    minimum: 0,
    maximum: NOMINAL_VALUE_MAX,
    example: 1,
    description: 'Per share, at most 6 decimals',
  })
  @IsNumber({ maxDecimalPlaces: 6, allowNaN: false, allowInfinity: false })
  @Min(0)
  @Max(NOMINAL_VALUE_MAX)
  nominalValue: number;

  @ApiProperty({ pattern: '^[A-Z]{3}$', example: 'EUR', description: 'ISO 4217' })
  @IsString()
  @Matches(/^[A-Z]{3}$/, { message: 'currency must be three capital letters (ISO 4217: EUR)' })
  currency: string;
}

/** POST /api/organization/{id}/share-entries */
export class CreateShareEntryDto {
  @ApiProperty({ enum: SHARE_ENTRY_KINDS })
  @IsIn([...SHARE_ENTRY_KINDS], { message: `kind must be one of ${SHARE_ENTRY_KINDS.join(', ')}` })
  kind: ShareEntryKind;

  @ApiProperty({ format: 'date' })
  @IsCalendarDate()
  date: string;

  @ApiProperty({ format: 'uuid' })
  @IsUUID('all', { message: 'shareClassId must be a share class id' })
  shareClassId: string;

  @ApiProperty({ minimum: SHARES_MIN, maximum: SHARES_MAX })
  @IsInt({ message: 'shares must be a whole number' })
  @Min(SHARES_MIN)
  @Max(SHARES_MAX)
  shares: number;

  @ApiProperty({ format: 'uuid', description: 'The member receiving the shares' })
  @IsUUID('all', { message: 'toPeopleId must be a person id' })
  toPeopleId: string;

  @ApiPropertyOptional({
    format: 'uuid',
    nullable: true,
    type: String,
    description: 'The transferor: required for a transfer, none for an allotment',
  })
  @IsOptional()
  @ValidateIf((_, value) => value !== null)
  @IsUUID('all', { message: 'fromPeopleId must be a person id' })
  fromPeopleId?: string | null;

  @ApiPropertyOptional({
    default: false,
    description: "true: the allotment's B5 is already filed, so no B5 deadline is kept",
  })
  @IsOptional()
  @IsBoolean()
  alreadyFiled?: boolean;
}
