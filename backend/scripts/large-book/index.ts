import { auditHistory } from './audit';
import { followUpsPart } from './follow-ups';
import { tasksPart } from './tasks';
import { formsPart } from './forms';
import { amlPart } from './aml';
import { ordersPart } from './orders';
import { peopleAndOrganizations } from './people-organizations';
import { registersPart } from './registers';
import type { LargeBookPart } from './support';

/** Every context's part of the large book, in dependency order (organizations first). */
// The audit history last: it is written from every other part's rows.
export const LARGE_BOOK_PARTS: LargeBookPart[] = [
  peopleAndOrganizations,
  registersPart,
  followUpsPart,
  tasksPart,
  formsPart,
  amlPart,
  ordersPart,
  auditHistory,
];
