import type { ImportView } from '@registra/domain';

/**
 * An import as GET /api/import/{id} answers it: an organizations file running, nothing written
 * yet; `overrides` say the rest. The page's tests and the walks that answer for the server use it.
 */
export const importView = (overrides: Partial<ImportView> = {}): ImportView => ({
  _id: 'imp1',
  kind: 'organizations',
  fileName: 'clients.xlsx',
  status: 'running',
  progress: 0.4,
  rows: 5,
  created: 0,
  updated: 0,
  skipped: 0,
  failed: 0,
  onDuplicate: 'skip',
  userId: 'u1',
  userName: 'Aoife Murphy',
  createdAt: '2026-11-25T10:00:00.000Z',
  finishedAt: null,
  undoableUntil: null,
  undoneAt: null,
  failure: null,
  check: null,
  undo: null,
  fileRemovedAt: null,
  waitingForQueue: false,
  resumes: 0,
  ...overrides,
});
