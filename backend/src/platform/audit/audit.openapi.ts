// Rows of the change history in the OpenAPI document (libs/domain/src/contract/audit.ts).
import { AUDIT_ACTIONS, AUDIT_RECORD_TYPES } from '@registra/domain';
import {
  apiAnyObject,
  apiArray,
  apiEnum,
  apiId,
  apiNullable,
  apiNullableId,
  apiNullableString,
  apiObject,
  apiSchema,
  apiString,
  apiTimestamp,
} from '../http/openapi';

export const AUDIT_RECORD_TYPE = apiEnum(AUDIT_RECORD_TYPES);

export const AUDIT_ENTRY_VIEW = apiSchema(
  'AuditEntryView',
  apiObject({
    _id: apiId,
    at: apiTimestamp,
    userId: apiNullableId,
    userName: apiNullableString,
    recordType: AUDIT_RECORD_TYPE,
    recordId: apiNullableId,
    recordLabel: apiNullableString,
    action: apiEnum(AUDIT_ACTIONS),
    changes: apiNullable(
      apiArray(apiSchema('AuditChange', apiObject({ field: apiString, old: {}, new: {} }))),
    ),
    data: apiNullable(apiAnyObject),
  }),
);

export const RESTORED_RECORD = apiObject({ recordType: AUDIT_RECORD_TYPE, recordId: apiId });
