// The overview's figures in the OpenAPI document (libs/domain/src/contract/overview.ts).
import { CALENDAR_KINDS } from '@registra/domain';
import {
  apiArray,
  apiDate,
  apiEnum,
  apiInteger,
  apiNullableId,
  apiNullableString,
  apiNumber,
  apiObject,
  apiSchema,
  apiString,
} from '../platform/http/openapi';

const month = { type: 'string', description: 'YYYY-MM' } as const;
const kind = apiEnum(CALENDAR_KINDS);

export const OVERVIEW_VIEW = apiSchema(
  'OverviewView',
  apiObject({
    from: apiDate,
    to: apiDate,
    obligationsByMonth: apiArray(apiObject({ month, kind, count: apiInteger })),
    overdueByKind: apiArray(apiObject({ kind, count: apiInteger })),
    overdueByUser: apiArray(
      apiObject({ userId: apiNullableId, userName: apiString, count: apiInteger }),
    ),
    amlRiskLevels: apiArray(apiObject({ level: apiNullableString, count: apiInteger })),
    amlReviewsByMonth: apiArray(apiObject({ month, count: apiInteger })),
    ordersByMonth: apiArray(apiObject({ month, paid: apiNumber, outstanding: apiNumber })),
    subscriptionsByStatus: apiArray(apiObject({ status: apiString, count: apiInteger })),
    formsByMonth: apiArray(apiObject({ month, received: apiInteger, becameClients: apiInteger })),
  }),
);
