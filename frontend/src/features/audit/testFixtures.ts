import type { AuditEntryView } from '@registra/domain';

/** A change Mary Byrne made to Emerald Ltd: its financial year end, unless said otherwise. */
export const makeAuditEntry = (overrides: Partial<AuditEntryView> = {}): AuditEntryView => ({
  _id: '2',
  at: '2026-11-19T10:00:00.000Z',
  userId: 'u1',
  userName: 'Mary Byrne',
  recordType: 'organization',
  recordId: 'o1',
  recordLabel: 'Emerald Ltd',
  action: 'update',
  changes: [{ field: 'financialYearEnd', old: '2025-12-31', new: '2026-03-31' }],
  data: null,
  ...overrides,
});
