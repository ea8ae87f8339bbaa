import { DEFAULT_PAGE_SIZE, isValidDateFilter, STORAGE_KEYS } from '@registra/domain';
import {
  choiceField,
  defaultsOf,
  flagField,
  orderField,
  pageField,
  readFromStorage,
  textField,
  writeToStorage,
} from '../../components/useListState';
import type { ListStateOf } from '../../components/useListState';
import type { FollowUpSearch, FollowUpSortField } from './api';

const SORT_FIELDS: readonly (FollowUpSortField | '')[] = [
  '',
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

/** A date filter from 2000-01-01 to 2099-12-31; anything else is no filter. */
const dateFilter = () => textField('', isValidDateFilter);

/**
 * The /followUp list's filters, kept in local storage under `followUpFilters`
 * (docs/product/follow-ups.md): in progress and completed both on, the summary shown; no sort (the
 * server's order).
 */
export const FOLLOW_UP_LIST_STATE = {
  organization_name: textField(),
  name: textField(),
  inProgress: flagField(true),
  completed: flagField(true),
  startDate: dateFilter(),
  deadline: dateFilter(),
  assigned_to: textField(),
  /** The chosen user's name, so the select shows it before its options load. */
  assignedToName: textField(),
  sortField: choiceField(SORT_FIELDS, ''),
  sortOrder: orderField('desc'),
  page: pageField,
  showSummary: flagField(true),
};

export type FollowUpListState = ListStateOf<typeof FOLLOW_UP_LIST_STATE>;

export const DEFAULT_FOLLOW_UP_FILTERS: FollowUpListState = defaultsOf(FOLLOW_UP_LIST_STATE);

/** What was stored, each field checked: a stale or hand-edited value falls back to its default. */
export const readFollowUpFilters = (storage: Storage = window.localStorage): FollowUpListState =>
  readFromStorage(FOLLOW_UP_LIST_STATE, STORAGE_KEYS.followUpFilters, storage);

export const writeFollowUpFilters = (
  state: FollowUpListState,
  storage: Storage = window.localStorage,
): void => writeToStorage(STORAGE_KEYS.followUpFilters, state, storage);

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
