import { ApiPropertyOptional } from '@nestjs/swagger';
import { OVERVIEW_MAX_RANGE_DAYS } from '@registra/domain';
import { IsOptional, IsUUID, ValidateIf } from 'class-validator';
import { IsCalendarDate } from '../../platform/http/validators';

/** GET /api/overview: the period (default: the next 12 months) and the assigned user. */
export class OverviewQueryDto {
  @ApiPropertyOptional({ example: '2026-11-01', description: 'First day (default: this month)' })
  @IsOptional()
  @IsCalendarDate({ min: '2000-01-01', max: '2099-12-31' })
  from?: string;

  @ApiPropertyOptional({
    example: '2027-10-31',
    description: `Last day, included (default: 12 months on); at most ${OVERVIEW_MAX_RANGE_DAYS} days`,
  })
  @IsOptional()
  @IsCalendarDate({ min: '2000-01-01', max: '2099-12-31' })
  to?: string;

  @ApiPropertyOptional({ description: "'mine' or a user's id: only what is assigned to them" })
  @IsOptional()
  @ValidateIf((dto: OverviewQueryDto) => dto.user !== 'mine')
  @IsUUID(undefined, { message: "user must be 'mine' or a user id" })
  user?: string;
}
