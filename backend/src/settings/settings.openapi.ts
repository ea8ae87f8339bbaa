// The firm's settings in the OpenAPI document (libs/domain/src/contract/settings.ts).
import {
  apiBoolean,
  apiInteger,
  apiNullableTimestamp,
  apiObject,
  apiSchema,
} from '../platform/http/openapi';

export const FIRM_SETTINGS_VIEW = apiSchema(
  'FirmSettingsView',
  apiObject({
    annualReturnLeadDays: apiInteger,
    requireTwoFactor: apiBoolean,
    updatedAt: apiNullableTimestamp,
  }),
);
