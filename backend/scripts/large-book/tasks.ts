/** Tasks: 50k by default, a third on each column, some linked to the book's organizations. */
import { TASK_STATUSES } from '@registra/domain';
import { searchTextOf } from '../../src/platform/database/search';
import { tasks, taskUsers } from '../../src/tasks/tasks.schema';
import { seededId } from '../irish-book';
import { BOOK, createdAt, inBatches, sizeFrom } from './support';
import type { LargeBookPart } from './support';

const TASKS = sizeFrom('SEED_TASKS', 50_000);
const TITLES = [
  'Call the bank about the account',
  'Send the B10 to the CRO',
  'Chase the signed B1',
  'Prepare the annual return',
  'File the VAT return',
  'Collect the proof of address',
];
// The staff the book's tasks are assigned to (no accounts: the names are what the board shows).
const STAFF = [
  { userId: '00000000-0000-4000-8999-000000000001', userName: 'Mary Byrne' },
  { userId: '00000000-0000-4000-8999-000000000002', userName: 'Seán Kelly' },
  { userId: '00000000-0000-4000-8999-000000000003', userName: 'Aoife Murphy' },
];

export const tasksPart: LargeBookPart = {
  name: 'tasks',
  tables: ['tasks', 'task_users'],
  async seed(db) {
    await inBatches('tasks', TASKS, async (from, to) => {
      const rows = [];
      const assigned = [];
      for (let i = from; i < to; i++) {
        const title = `${TITLES[i % TITLES.length]} #${i}`;
        const description = i % 3 === 0 ? 'Waiting for the client to answer.' : '';
        const at = createdAt(i, TASKS);
        const organization =
          BOOK.organizations > 0 && i % 2 === 0 ? (i * 7) % BOOK.organizations : null;
        rows.push({
          id: seededId(30, i),
          title,
          description,
          status: TASK_STATUSES[i % TASK_STATUSES.length],
          organizationId: organization === null ? null : seededId(1, organization),
          searchText: searchTextOf(title, description),
          createdAt: at,
          updatedAt: at,
        });
        assigned.push({ taskId: seededId(30, i), ...STAFF[i % STAFF.length], position: 0 });
      }
      await db.insert(tasks).values(rows).onConflictDoNothing();
      await db.insert(taskUsers).values(assigned).onConflictDoNothing();
    });
  },
};
