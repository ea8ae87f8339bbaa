import { ApiPropertyOptional } from '@nestjs/swagger';
import {
  ANNUAL_RETURN_LEAD_DAYS_MAX,
  ANNUAL_RETURN_LEAD_DAYS_MIN,
  RETENTION_PERIOD_RULES,
  retentionPeriodProblem,
} from '@registra/domain';
import type { RetentionPeriods } from '@registra/domain';
import { IsInt, IsOptional, Max, Min, ValidateBy } from 'class-validator';

/** A retention period checked against its rule in libs/domain (the one table of bounds). */
const RetentionPeriod = (field: keyof RetentionPeriods): PropertyDecorator =>
  ValidateBy({
    name: 'retentionPeriod',
    validator: {
      validate: (value) => retentionPeriodProblem(field, value) === null,
      defaultMessage: () => retentionPeriodProblem(field, undefined) ?? field,
    },
  });

const periodProperty = (field: keyof RetentionPeriods) => {
  const rule = RETENTION_PERIOD_RULES[field];
  return ApiPropertyOptional({
    type: 'integer',
    minimum: rule.min,
    maximum: rule.max,
    default: rule.default,
    description: `${rule.label}, in ${rule.unit}. ${rule.basis}`,
  });
};

/** PUT /api/settings (administrators): the settings named change, the others stay. */
export class UpdateFirmSettingsDto {
  @ApiPropertyOptional({
    minimum: ANNUAL_RETURN_LEAD_DAYS_MIN,
    maximum: ANNUAL_RETURN_LEAD_DAYS_MAX,
    description: "Days before a company's ARD its annual-return follow-up starts by itself",
  })
  @IsOptional()
  @IsInt()
  @Min(ANNUAL_RETURN_LEAD_DAYS_MIN)
  @Max(ANNUAL_RETURN_LEAD_DAYS_MAX)
  annualReturnLeadDays?: number;

  @periodProperty('amlRetentionYears')
  @IsOptional()
  @RetentionPeriod('amlRetentionYears')
  amlRetentionYears?: number;

  @periodProperty('prospectRetentionMonths')
  @IsOptional()
  @RetentionPeriod('prospectRetentionMonths')
  prospectRetentionMonths?: number;

  @periodProperty('mailBodyRetentionMonths')
  @IsOptional()
  @RetentionPeriod('mailBodyRetentionMonths')
  mailBodyRetentionMonths?: number;
}
