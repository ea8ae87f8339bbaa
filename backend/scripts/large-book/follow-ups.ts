/** Follow-ups: 200k by default, two per organization of the book, of different types. */
import {
  addDays,
  deadlineFromArd,
  deadlineFromStartDate,
  FOLLOW_UP_CATALOGUE,
  FOLLOW_UP_TYPES,
  lastStepIndex,
} from '@registra/domain';
import { followUps } from '../../src/follow-ups/follow-ups.schema';
import { seededId } from '../irish-book';
import { BOOK, createdAt, inBatches, sizeFrom } from './support';
import type { LargeBookPart } from './support';

const FOLLOW_UPS = sizeFrom('SEED_FOLLOW_UPS', 200_000);
const COMMENTS = ['', '', 'Waiting for the client', 'Chased by e-mail', 'Signed copy received'];

export const followUpsPart: LargeBookPart = {
  name: 'follow-ups',
  tables: ['follow_ups'],
  async seed(db) {
    if (BOOK.organizations === 0) return;
    await inBatches('follow-ups', FOLLOW_UPS, async (from, to) => {
      const rows = [];
      for (let i = from; i < to; i++) {
        const organization = Math.floor(i / 2) % BOOK.organizations;
        // Two different types per organization: 5k and 5k + 11 differ modulo 21.
        const name = FOLLOW_UP_TYPES[(organization * 5 + (i % 2) * 11) % FOLLOW_UP_TYPES.length];
        const definition = FOLLOW_UP_CATALOGUE[name];
        const last = lastStepIndex(name);
        const at = createdAt(i, FOLLOW_UPS);
        const startDate = addDays(at.toISOString().slice(0, 10), i % 30);
        const ard = definition.ardEnabled ? addDays(startDate, 20) : null;
        rows.push({
          id: seededId(20, i),
          organizationId: seededId(1, organization),
          name,
          stepIndex: (i * 7) % (last + 1),
          maxStepIndex: last,
          startDate,
          ard,
          deadline: ard ? deadlineFromArd(ard) : deadlineFromStartDate(name, startDate),
          comments: COMMENTS[i % COMMENTS.length],
          // One in twenty is archived.
          archivedAt: i % 20 === 19 ? at : null,
          history: [],
          createdAt: at,
          updatedAt: at,
        });
      }
      await db.insert(followUps).values(rows).onConflictDoNothing();
    });
  },
};
