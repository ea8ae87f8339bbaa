import { beforeEach, describe, expect, it } from 'vitest';
import {
  DEFAULT_FOLLOW_UP_FILTERS,
  readFollowUpFilters,
  toFollowUpSearch,
  writeFollowUpFilters,
} from './listFilters';
import { nextListSort } from '../../components/useListState';

/** The follow-ups list's sort can be cleared (its page asks useListState for that). */
const nextSort = (state: { sortField: string; sortOrder: 'asc' | 'desc' }, field: string) =>
  nextListSort(state, field, true);

describe('the /followUp filters (FOLLOW_UP_FILTER_DEFAULTS)', () => {
  beforeEach(() => window.localStorage.clear());

  it('"inProgress and completed both on; summary shown by default"', () => {
    expect(readFollowUpFilters()).toEqual(DEFAULT_FOLLOW_UP_FILTERS);
    expect(DEFAULT_FOLLOW_UP_FILTERS).toMatchObject({
      inProgress: true,
      completed: true,
      showSummary: true,
    });
  });

  it('"Filters are kept locally under the key followUpFilters"', () => {
    const state = { ...DEFAULT_FOLLOW_UP_FILTERS, name: 'AR_TRADING', deadline: '2026-05-01' };
    writeFollowUpFilters(state);
    expect(JSON.parse(window.localStorage.getItem('followUpFilters')!)).toMatchObject({
      name: 'AR_TRADING',
      deadline: '2026-05-01',
    });
    expect(readFollowUpFilters()).toEqual(state);
  });

  it.each([
    ['2026-13-01', ''],
    ['1999-12-31', ''],
    ['2100-01-01', ''],
    ['2000-01-01', '2000-01-01'],
    ['2099-12-31', '2099-12-31'],
  ])('a stored date filter %s is read as %p (2000-01-01 to 2099-12-31)', (stored, read) => {
    window.localStorage.setItem('followUpFilters', JSON.stringify({ startDate: stored }));
    expect(readFollowUpFilters().startDate).toBe(read);
  });

  it('an unreadable store falls back to the defaults', () => {
    window.localStorage.setItem('followUpFilters', '{not json');
    expect(readFollowUpFilters()).toEqual(DEFAULT_FOLLOW_UP_FILTERS);
  });

  it('sends only the filters set', () => {
    expect(toFollowUpSearch(DEFAULT_FOLLOW_UP_FILTERS)).toEqual({
      inProgress: true,
      completed: true,
      page: 1,
      limit: 25,
    });
    expect(
      toFollowUpSearch({
        ...DEFAULT_FOLLOW_UP_FILTERS,
        organization_name: ' emerald ',
        assigned_to: 'u1',
        sortField: 'deadline',
        sortOrder: 'asc',
        page: 3,
      }),
    ).toEqual({
      organization_name: 'emerald',
      assigned_to: 'u1',
      inProgress: true,
      completed: true,
      sortField: 'deadline',
      sortOrder: 'asc',
      page: 3,
      limit: 25,
    });
  });

  it('"Sorting toggles asc/desc and can be cleared"', () => {
    const first = nextSort({ sortField: '', sortOrder: 'desc' }, 'deadline');
    expect(first).toEqual({ sortField: 'deadline', sortOrder: 'asc' });
    const second = nextSort(first, 'deadline');
    expect(second).toEqual({ sortField: 'deadline', sortOrder: 'desc' });
    expect(nextSort(second, 'deadline')).toEqual({ sortField: '', sortOrder: 'desc' });
    expect(nextSort(second, 'name')).toEqual({ sortField: 'name', sortOrder: 'asc' });
  });
});
