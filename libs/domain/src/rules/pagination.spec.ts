import { describe, expect, it } from 'vitest';
import {
  DEFAULT_SORTS,
  FOLLOW_UP_FILTER_DEFAULTS,
  clampPageLimit,
  nextSort,
  pageOffset,
  paginationItems,
  totalPages,
  withFilterChange,
  type SortState,
} from './pagination';

describe('01-9.3 "Pagination: when more than 5 pages, a window of 4 numbered buttons with ellipsis"', () => {
  const E = 'ellipsis';
  it.each([
    [1, 0, []],
    [1, 1, [1]],
    [3, 5, [1, 2, 3, 4, 5]], // 5 pages: all shown
    [1, 6, [1, 2, 3, 4, E]],
    [2, 6, [1, 2, 3, 4, E]],
    [3, 6, [E, 2, 3, 4, 5, E]],
    [6, 6, [E, 3, 4, 5, 6]],
    [1, 10, [1, 2, 3, 4, E]],
    [5, 10, [E, 4, 5, 6, 7, E]],
    [9, 10, [E, 7, 8, 9, 10]],
    [10, 10, [E, 7, 8, 9, 10]],
    [99, 10, [E, 7, 8, 9, 10]], // a page past the end shows the last window
    [0, 10, [1, 2, 3, 4, E]],
  ])('page %i of %i → %j', (current, total, items) => {
    expect(paginationItems(current, total)).toEqual(items);
  });

  it('never shows more than 4 numbered buttons beyond 5 pages', () => {
    for (let total = 6; total <= 30; total += 1) {
      for (let page = 1; page <= total; page += 1) {
        const numbers = paginationItems(page, total).filter((item) => item !== E);
        expect(numbers).toHaveLength(4);
        expect(numbers).toContain(page);
      }
    }
  });

  it.each([
    [0, 25, 0],
    [25, 25, 1],
    [26, 25, 2],
    [10, 0, 0],
    [-3, 25, 0],
  ])('totalPages(%i items, %i per page) = %i', (items, limit, pages) => {
    expect(totalPages(items, limit)).toBe(pages);
  });

  it.each([
    [1, 25, 0],
    [3, 25, 50],
    [0, 25, 0],
  ])('pageOffset(page %i, %i) = %i', (page, limit, offset) => {
    expect(pageOffset(page, limit)).toBe(offset);
  });

  it.each([
    [undefined, 25],
    [null, 25],
    [Number.NaN, 25],
    [0, 1],
    [7.9, 7],
    [5000, 1000], // the largest the client asks for is the link dialog's 1000
  ])('clampPageLimit(%j) = %i', (limit, expected) => {
    expect(clampPageLimit(limit, 25)).toBe(expected);
  });
});

describe('01-9.2 / 02-9.3 "Any filter change resets to page 1. Sorting toggles asc/desc."', () => {
  it('a filter change goes back to page 1', () => {
    const query: { page: number; search: string; country: string | null } = {
      page: 4,
      search: 'a',
      country: null,
    };
    expect(withFilterChange(query, { country: 'ireland' })).toEqual({
      page: 1,
      search: 'a',
      country: 'ireland',
    });
  });

  const none: SortState = { sortField: null, sortOrder: null };
  it.each([
    [none, 'name', false, { sortField: 'name', sortOrder: 'asc' }],
    [
      { sortField: 'name', sortOrder: 'asc' },
      'name',
      false,
      { sortField: 'name', sortOrder: 'desc' },
    ],
    [
      { sortField: 'name', sortOrder: 'desc' },
      'name',
      false,
      { sortField: 'name', sortOrder: 'asc' },
    ],
    [
      { sortField: 'name', sortOrder: 'desc' },
      'createdAt',
      false,
      { sortField: 'createdAt', sortOrder: 'asc' },
    ],
    // follow-up list: "Sorting toggles asc/desc and can be cleared."
    [{ sortField: 'name', sortOrder: 'desc' }, 'name', true, none],
  ] as Array<[SortState, string, boolean, SortState]>)(
    '%j, click %s (clearable %s) → %j',
    (current, field, clearable, next) => {
      expect(nextSort(current, field, clearable)).toEqual(next);
    },
  );
});

describe('01-9.2 / 02-9.13 default sorts: "createdAt descending"; "forms createdAt descending, tasks updatedAt descending, orders dateOrder descending"; picker "sorted by name ascending"', () => {
  it.each([
    ['people', 'createdAt', 'desc'],
    ['organizations', 'createdAt', 'desc'],
    ['forms', 'createdAt', 'desc'],
    ['tasks', 'updatedAt', 'desc'],
    ['orders', 'dateOrder', 'desc'],
    ['organizationOrders', 'createdAt', 'desc'],
    ['organizationPicker', 'name', 'asc'],
  ] as const)('%s: %s %s', (list, field, order) => {
    expect(DEFAULT_SORTS[list]).toEqual({ sortField: field, sortOrder: order });
  });
});

describe('02-9.5 "Follow-up filter defaults: inProgress and completed both on; summary shown by default"', () => {
  it('starts with both states on and the summary shown, other filters empty', () => {
    expect(FOLLOW_UP_FILTER_DEFAULTS).toMatchObject({
      inProgress: true,
      completed: true,
      showSummary: true,
      startDate: '',
      deadline: '',
    });
  });
});
