import { ApiProperty } from '@nestjs/swagger';
import { ANNUAL_RETURN_LEAD_DAYS_MAX, ANNUAL_RETURN_LEAD_DAYS_MIN } from '@registra/domain';
import { IsInt, Max, Min } from 'class-validator';

/** PUT /api/settings (administrators). */
export class UpdateFirmSettingsDto {
  @ApiProperty({
    minimum: ANNUAL_RETURN_LEAD_DAYS_MIN,
    maximum: ANNUAL_RETURN_LEAD_DAYS_MAX,
    description: "Days before a company's ARD its annual-return follow-up starts by itself",
  })
  @IsInt()
  @Min(ANNUAL_RETURN_LEAD_DAYS_MIN)
  @Max(ANNUAL_RETURN_LEAD_DAYS_MAX)
  annualReturnLeadDays: number;
}
