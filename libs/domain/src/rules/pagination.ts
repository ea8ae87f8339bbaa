/** List paging, sorting and filter rules (docs/product/screens.md). */
import type { SortOrder } from '../enums';
import { MAX_PAGE_LIMIT, PAGINATION_MAX_FULL, PAGINATION_WINDOW } from '../limits';

export type PageItem = number | 'ellipsis';

/**
 * "When more than 5 pages, a window of 4 numbered buttons with ellipsis": up to 5 pages every
 * page shows; beyond, 4 consecutive pages around the current one (one before it where possible),
 * with an ellipsis on each side that hides pages.
 */
export function paginationItems(currentPage: number, totalPages: number): PageItem[] {
  const total = Math.max(0, Math.floor(totalPages));
  if (total <= PAGINATION_MAX_FULL) return Array.from({ length: total }, (_, i) => i + 1);
  const current = Math.min(Math.max(1, Math.floor(currentPage)), total);
  const start = Math.min(Math.max(1, current - 1), total - PAGINATION_WINDOW + 1);
  const window = Array.from({ length: PAGINATION_WINDOW }, (_, i) => start + i);
  return [
    ...(start > 1 ? (['ellipsis'] as const) : []),
    ...window,
    ...(start + PAGINATION_WINDOW - 1 < total ? (['ellipsis'] as const) : []),
  ];
}

/** Pages of a list answer: { totalItems, totalPages } (at least 0). */
export const totalPages = (totalItems: number, limit: number): number =>
  limit > 0 ? Math.ceil(Math.max(0, totalItems) / limit) : 0;

/** SQL offset of a 1-based page. */
export const pageOffset = (page: number, limit: number): number => (Math.max(1, page) - 1) * limit;

/** A requested page size, bounded to 1..MAX_PAGE_LIMIT; the default when absent. */
export function clampPageLimit(limit: number | null | undefined, fallback: number): number {
  if (limit === null || limit === undefined || !Number.isFinite(limit)) return fallback;
  return Math.min(Math.max(1, Math.floor(limit)), MAX_PAGE_LIMIT);
}

/** "Any filter change resets to page 1." */
export const withFilterChange = <Q extends { page?: number }>(query: Q, change: Partial<Q>): Q => ({
  ...query,
  ...change,
  page: 1,
});

export interface SortState {
  sortField: string | null;
  sortOrder: SortOrder | null;
}

/**
 * "Sorting toggles asc/desc" (and, on the follow-up list, "can be cleared"): a new field starts
 * ascending; the same field flips; with `clearable`, a descending field is cleared next.
 */
export function nextSort(current: SortState, field: string, clearable = false): SortState {
  if (current.sortField !== field) return { sortField: field, sortOrder: 'asc' };
  if (current.sortOrder === 'asc') return { sortField: field, sortOrder: 'desc' };
  return clearable ? { sortField: null, sortOrder: null } : { sortField: field, sortOrder: 'asc' };
}

/** Default sorts (docs/product/screens.md). */
export const DEFAULT_SORTS = {
  people: { sortField: 'createdAt', sortOrder: 'desc' },
  organizations: { sortField: 'createdAt', sortOrder: 'desc' },
  forms: { sortField: 'createdAt', sortOrder: 'desc' },
  tasks: { sortField: 'updatedAt', sortOrder: 'desc' },
  orders: { sortField: 'dateOrder', sortOrder: 'desc' },
  /** The organization's orders tab sorts by creation. */
  organizationOrders: { sortField: 'createdAt', sortOrder: 'desc' },
  /** The organization pickers: by name ascending. */
  organizationPicker: { sortField: 'name', sortOrder: 'asc' },
} as const satisfies Record<string, { sortField: string; sortOrder: SortOrder }>;

/** Follow-up list filter defaults: "inProgress and completed both on; summary shown by default". */
export const FOLLOW_UP_FILTER_DEFAULTS = {
  organization_name: '',
  name: '',
  inProgress: true,
  completed: true,
  startDate: '',
  deadline: '',
  assigned_to: null,
  showSummary: true,
} as const;
