// The overview's figures in the OpenAPI document (libs/domain/src/contract/overview.ts).
import { CALENDAR_KINDS } from '@registra/domain';
import { api } from '../platform/http/openapi';

const month = { type: 'string', description: 'YYYY-MM' } as const;
const kind = api.enum(CALENDAR_KINDS);

export const OVERVIEW_VIEW = api.record('OverviewView', {
  from: api.date,
  to: api.date,
  obligationsByMonth: api.array(api.object({ month, kind, count: api.integer })),
  overdueByKind: api.array(api.object({ kind, count: api.integer })),
  overdueByUser: api.array(
    api.object({ userId: api.nullableId, userName: api.string, count: api.integer }),
  ),
  amlRiskLevels: api.array(api.object({ level: api.nullableString, count: api.integer })),
  amlReviewsByMonth: api.array(api.object({ month, count: api.integer })),
  ordersByMonth: api.array(api.object({ month, paid: api.number, outstanding: api.number })),
  subscriptionsByStatus: api.array(api.object({ status: api.string, count: api.integer })),
  formsByMonth: api.array(api.object({ month, received: api.integer, becameClients: api.integer })),
  anythingAssigned: {
    ...api.nullable(api.boolean),
    description:
      'With `user`: whether anything in the whole book is assigned to that user, whatever the period; null for everybody',
  },
});
