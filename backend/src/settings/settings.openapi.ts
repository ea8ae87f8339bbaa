// The firm's settings in the OpenAPI document (libs/domain/src/contract/settings.ts).
import { api } from '../platform/http/openapi';

export const FIRM_SETTINGS_VIEW = api.record('FirmSettingsView', {
  annualReturnLeadDays: api.integer,
  requireTwoFactor: api.boolean,
  amlRetentionYears: api.integer,
  prospectRetentionMonths: api.integer,
  mailBodyRetentionMonths: api.integer,
  updatedAt: api.nullableTimestamp,
});
