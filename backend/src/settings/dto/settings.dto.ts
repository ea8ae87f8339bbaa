import { ApiPropertyOptional } from '@nestjs/swagger';
import {
  ANNUAL_RETURN_LEAD_DAYS_MAX,
  ANNUAL_RETURN_LEAD_DAYS_MIN,
  RETENTION_PERIOD_RULES,
  retentionPeriodProblem,
} from '@registra/domain';
import type { RetentionPeriods } from '@registra/domain';
import { IsInt, Max, Min, ValidateBy, ValidateIf } from 'class-validator';

/** Left out: kept as it is. Sent, even null: checked (null is no period). */
const WhenSent = () => ValidateIf((_dto: object, value: unknown) => value !== undefined);

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
  @WhenSent()
  @IsInt()
  @Min(ANNUAL_RETURN_LEAD_DAYS_MIN)
  @Max(ANNUAL_RETURN_LEAD_DAYS_MAX)
  annualReturnLeadDays?: number;

  @periodProperty('amlRetentionYears')
  @WhenSent()
  @RetentionPeriod('amlRetentionYears')
  amlRetentionYears?: number;

  @periodProperty('prospectRetentionMonths')
  @WhenSent()
  @RetentionPeriod('prospectRetentionMonths')
  prospectRetentionMonths?: number;

  @periodProperty('mailBodyRetentionMonths')
  @WhenSent()
  @RetentionPeriod('mailBodyRetentionMonths')
  mailBodyRetentionMonths?: number;
}
