import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsOptional } from 'class-validator';
import { IsCalendarDate } from '../../platform/http/validators';

export const REGISTER_FORMATS = ['json', 'pdf', 'csv'] as const;
export type RegisterFormat = (typeof REGISTER_FORMATS)[number];

/** GET /api/organization/{id}/registers/{kind} */
export class RegisterQueryDto {
  @ApiPropertyOptional({
    format: 'date',
    description: 'The register as of this day; today by default',
  })
  @IsOptional()
  @IsCalendarDate()
  asOf?: string;

  @ApiPropertyOptional({ enum: REGISTER_FORMATS, default: 'json' })
  @IsOptional()
  @IsIn([...REGISTER_FORMATS], { message: `format must be one of ${REGISTER_FORMATS.join(', ')}` })
  format?: RegisterFormat;
}

/** GET /api/organization/{id}/annual-return */
export class AnnualReturnQueryDto {
  @ApiProperty({ format: 'date', description: 'The annual return date (ARD)' })
  @IsCalendarDate()
  ard: string;

  @ApiPropertyOptional({ enum: ['json', 'pdf'], default: 'json' })
  @IsOptional()
  @IsIn(['json', 'pdf'], { message: 'format must be one of json, pdf' })
  format?: 'json' | 'pdf';
}
