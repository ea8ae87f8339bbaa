import { DEFAULT_PAGE_SIZE, isValidDateFilter, STORAGE_KEYS } from '@registra/domain';
import type { FollowUpSearch, FollowUpSortField } from './api';

/** The /followUp list's filters, kept in local storage under `followUpFilters` (spec 02 §2.5). */
export interface FollowUpListState {
  organization_name: string;
  name: string;
  inProgress: boolean;
  completed: boolean;
  startDate: string;
  deadline: string;
  assigned_to: string;
  /** The chosen user's name, so the select shows it before its options load. */
  assignedToName: string;
  sortField: FollowUpSortField | '';
  sortOrder: 'asc' | 'desc';
  page: number;
  showSummary: boolean;
}

/** Spec 02 §9: in progress and completed both on, the summary shown. */
export const DEFAULT_FOLLOW_UP_FILTERS: FollowUpListState = {
  organization_name: '',
  name: '',
  inProgress: true,
  completed: true,
  startDate: '',
  deadline: '',
  assigned_to: '',
  assignedToName: '',
  sortField: '',
  sortOrder: 'desc',
  page: 1,
  showSummary: true,
};

const SORT_FIELDS: readonly string[] = [
  'organization_name',
  'name',
  'step_index',
  'start_date',
  'ARD',
  'deadline',
  'user_name',
  'comments',
  'createdAt',
];

/** What was stored, each field checked: a stale or hand-edited value falls back to its default. */
export function readFollowUpFilters(storage: Storage = window.localStorage): FollowUpListState {
  let stored: Record<string, unknown> = {};
  try {
    const parsed: unknown = JSON.parse(storage.getItem(STORAGE_KEYS.followUpFilters) ?? '{}');
    if (parsed && typeof parsed === 'object') stored = parsed as Record<string, unknown>;
  } catch {
    // Unreadable: the defaults.
  }
  const d = DEFAULT_FOLLOW_UP_FILTERS;
  const text = (key: keyof FollowUpListState) =>
    typeof stored[key] === 'string' ? (stored[key] as string) : (d[key] as string);
  const flag = (key: keyof FollowUpListState) =>
    typeof stored[key] === 'boolean' ? (stored[key] as boolean) : (d[key] as boolean);
  const date = (key: 'startDate' | 'deadline') => (isValidDateFilter(text(key)) ? text(key) : '');
  const page = Number(stored.page);
  return {
    organization_name: text('organization_name'),
    name: text('name'),
    inProgress: flag('inProgress'),
    completed: flag('completed'),
    startDate: date('startDate'),
    deadline: date('deadline'),
    assigned_to: text('assigned_to'),
    assignedToName: text('assignedToName'),
    sortField: SORT_FIELDS.includes(text('sortField'))
      ? (text('sortField') as FollowUpSortField)
      : '',
    sortOrder: stored.sortOrder === 'asc' ? 'asc' : 'desc',
    page: Number.isInteger(page) && page >= 1 ? page : 1,
    showSummary: flag('showSummary'),
  };
}

export function writeFollowUpFilters(
  state: FollowUpListState,
  storage: Storage = window.localStorage,
): void {
  storage.setItem(STORAGE_KEYS.followUpFilters, JSON.stringify(state));
}

/** The search body: empty filters are left out, and a date that is not valid is not sent. */
export function toFollowUpSearch(state: FollowUpListState): FollowUpSearch {
  return {
    ...(state.organization_name.trim()
      ? { organization_name: state.organization_name.trim() }
      : {}),
    ...(state.name ? { name: state.name } : {}),
    inProgress: state.inProgress,
    completed: state.completed,
    ...(state.startDate && isValidDateFilter(state.startDate)
      ? { startDate: state.startDate }
      : {}),
    ...(state.deadline && isValidDateFilter(state.deadline) ? { deadline: state.deadline } : {}),
    ...(state.assigned_to ? { assigned_to: state.assigned_to } : {}),
    ...(state.sortField ? { sortField: state.sortField, sortOrder: state.sortOrder } : {}),
    page: state.page,
    limit: DEFAULT_PAGE_SIZE,
  };
}

/**
 * Sorting toggles asc/desc and can be cleared (spec 02 §2.5): a new column sorts ascending, the
 * same column flips to descending, then the sort is cleared.
 */
export function nextSort(
  state: Pick<FollowUpListState, 'sortField' | 'sortOrder'>,
  field: FollowUpSortField,
): Pick<FollowUpListState, 'sortField' | 'sortOrder'> {
  if (state.sortField !== field) return { sortField: field, sortOrder: 'asc' };
  if (state.sortOrder === 'asc') return { sortField: field, sortOrder: 'desc' };
  return { sortField: '', sortOrder: 'desc' };
}
