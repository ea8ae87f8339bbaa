import { DEFAULT_PAGE_SIZE, isValidDateFilter } from '@registra/domain';
import {
  choiceField,
  defaultsOf,
  flagField,
  orderField,
  pageField,
  textField,
} from '../../components/useListState';
import type { ListStateOf } from '../../components/useListState';
import type { OrganizationSearch, OrganizationSortField } from './types';

/** The AML review-due filter's choices, in months ('0': due today or overdue). */
export const AML_REVIEW_DUE_CHOICES = ['', '0', '1', '3', '6', '12'] as const;

const SORT_FIELDS: readonly OrganizationSortField[] = [
  'name',
  'createdAt',
  'updatedAt',
  'incorporationDate',
  'firstAr',
  'nextArReminder',
  'corporationTaxPaidReminder',
  'creationStatus',
];

/**
 * The organization list's state, kept in the URL's query string so that the back arrow of a
 * detail page (which returns to pathname + search) lands on the same filtered, sorted page; only
 * what differs from the defaults is written, for short shareable URLs.
 */
export const LIST_STATE = {
  search: textField(),
  user: textField(),
  /** The chosen user's name, so the select can show it before its options load. */
  userName: textField(),
  nextArReminderMonths: textField(),
  /** First AR status: '' (any), 'done' or 'pending'. */
  status: choiceField(['', 'done', 'pending'] as const, ''),
  bilan: choiceField(['', 'yes', 'no'] as const, ''),
  creationStatus: textField(),
  finotor: textField(),
  arColumn: choiceField(['firstAr', 'nextArReminder'] as const, 'nextArReminder'),
  arDate: textField(),
  latePaidReminders: flagField(),
  /** AML risk level: '' (any), high, medium, low or none (never assessed). */
  amlRiskLevel: choiceField(['', 'high', 'medium', 'low', 'none'] as const, ''),
  /** AML review due within this many months, or overdue ('0'); '' for no filter. */
  amlReviewDue: choiceField<string>(AML_REVIEW_DUE_CHOICES, ''),
  sortField: choiceField(SORT_FIELDS, 'createdAt'),
  sortOrder: orderField('desc'),
  page: pageField,
};

export type ListState = ListStateOf<typeof LIST_STATE>;

/** Every filter at "no filter" (sort kept by the caller). */
export const EMPTY_FILTERS: Omit<ListState, 'sortField' | 'sortOrder' | 'page'> = (() => {
  const {
    sortField: _sortField,
    sortOrder: _sortOrder,
    page: _page,
    ...filters
  } = defaultsOf(LIST_STATE);
  return filters;
})();

export const MONTHS_FILTER_MIN = 0;
export const MONTHS_FILTER_MAX = 60;

export const isMonthsFilterValid = (value: string): boolean => {
  if (value.trim() === '') return true;
  const months = Number(value);
  return Number.isInteger(months) && months >= MONTHS_FILTER_MIN && months <= MONTHS_FILTER_MAX;
};

/** The POST /organization/search body; a filter the user left empty or invalid is not sent. */
export function toSearchBody(state: ListState): OrganizationSearch {
  const body: OrganizationSearch = {
    sortField: state.sortField,
    sortOrder: state.sortOrder,
    page: state.page,
    limit: DEFAULT_PAGE_SIZE,
  };
  const search = state.search.trim();
  if (search) body.search = search;
  if (state.user) body.user = state.user;
  if (state.nextArReminderMonths.trim() !== '' && isMonthsFilterValid(state.nextArReminderMonths)) {
    body.nextArReminderMonths = Number(state.nextArReminderMonths);
  }
  if (state.status) body.status = state.status === 'done';
  if (state.bilan) body.bilan = state.bilan === 'yes';
  if (state.creationStatus) body.creationStatus = state.creationStatus;
  if (state.finotor) body.finotor = state.finotor;
  if (state.arDate && isValidDateFilter(state.arDate)) {
    body.arColumn = state.arColumn;
    body.arDate = state.arDate;
  }
  if (state.latePaidReminders) body.latePaidReminders = true;
  if (state.amlRiskLevel) body.amlRiskLevel = state.amlRiskLevel;
  if (state.amlReviewDue) body.amlReviewDue = Number(state.amlReviewDue);
  return body;
}

/** How many filters of the panel are set (shown on the "Filters" button). */
export function countPanelFilters(state: ListState): number {
  return [
    state.nextArReminderMonths.trim() !== '',
    state.status !== '',
    state.bilan !== '',
    state.creationStatus !== '',
    state.finotor !== '',
    state.arDate !== '',
    state.latePaidReminders,
    state.amlRiskLevel !== '',
    state.amlReviewDue !== '',
  ].filter(Boolean).length;
}
