// Test data of the follow-ups feature (imported by *.test.tsx only).
import type { FollowUpView } from '@registra/domain';
import { lastStepIndex } from '@registra/domain';

export function makeFollowUp(overrides: Partial<FollowUpView> = {}): FollowUpView {
  const name = overrides.name ?? 'AR_TRADING';
  return {
    _id: 'f1',
    name,
    organization_id: 'o1',
    organization_name: 'Emerald Isle Trading Ltd',
    step_index: 1,
    max_step_index: lastStepIndex(name),
    completed: false,
    start_date: null,
    ARD: '2026-03-01',
    deadline: '2026-04-26',
    comments: '',
    user_id: null,
    user_name: null,
    archived_at: null,
    history: [],
    createdAt: '2026-02-01T09:00:00.000Z',
    updatedAt: '2026-02-01T09:00:00.000Z',
    ...overrides,
  };
}

export const summary = { total: 1, inProgress: 1, completed: 0, late: 0, dueSoon: 0 };
