import type { ShareClassView, ShareEntryView } from '@registra/domain';
import { JsonView } from '../platform/database/json-view';
import { shareClasses, shareEntries } from './registers.schema';
import type { ShareClassRow, ShareEntryRow } from './registers.schema';

/** numeric(16, 6) arrives as text ("1.000000"); the API speaks numbers. */
const SHARE_CLASS_VIEW = new JsonView(shareClasses, {
  hidden: ['deletedAt'],
  converted: { nominalValue: { sql: (value) => `${value}::float8`, js: Number } },
});

const SHARE_ENTRY_VIEW = new JsonView(shareEntries, { hidden: ['deletedAt'] });

export const toShareClassView = (row: ShareClassRow): ShareClassView =>
  SHARE_CLASS_VIEW.toView(row) as unknown as ShareClassView;

export const toShareEntryView = (row: ShareEntryRow): ShareEntryView =>
  SHARE_ENTRY_VIEW.toView(row) as unknown as ShareEntryView;
