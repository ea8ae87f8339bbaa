import { peopleAndOrganizations } from './people-organizations';
import type { LargeBookPart } from './support';

/** Every context's part of the large book, in dependency order (organizations first). */
export const LARGE_BOOK_PARTS: LargeBookPart[] = [peopleAndOrganizations];
