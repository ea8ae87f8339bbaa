// Test data of the tasks feature (imported by *.test.tsx only).
import type { TaskView } from '@registra/domain';

export function makeTask(overrides: Partial<TaskView> = {}): TaskView {
  return {
    _id: 't1',
    title: 'Call the bank',
    description: 'About the new account',
    status: 'TO DO',
    users: [{ userId: 'u1', userName: 'Aoife Murphy' }],
    organizationId: 'o1',
    organizationName: 'Emerald Isle Trading Ltd',
    peopleId: null,
    peopleName: null,
    attachedFiles: [],
    createdAt: '2026-02-01T09:00:00.000Z',
    updatedAt: '2026-02-01T09:30:00.000Z',
    ...overrides,
  };
}
