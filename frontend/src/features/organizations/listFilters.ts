import { DEFAULT_PAGE_SIZE, isValidDateFilter } from '@registra/domain';
import type { OrganizationSearch, OrganizationSortField } from './types';

/**
 * The organization list's state, kept in the URL's query string so that the back arrow of a
 * detail page (which returns to pathname + search) lands on the same filtered, sorted page.
 */
export interface ListState {
  search: string;
  user: string;
  /** The chosen user's name, so the select can show it before its options load. */
  userName: string;
  nextArReminderMonths: string;
  /** First AR status: '' (any), 'done' or 'pending'. */
  status: '' | 'done' | 'pending';
  bilan: '' | 'yes' | 'no';
  creationStatus: string;
  finotor: string;
  arColumn: 'firstAr' | 'nextArReminder';
  arDate: string;
  latePaidReminders: boolean;
  /** AML risk level: '' (any), high, medium, low or none (never assessed). */
  amlRiskLevel: '' | 'high' | 'medium' | 'low' | 'none';
  /** AML review due within this many months, or overdue ('0'); '' for no filter. */
  amlReviewDue: string;
  sortField: OrganizationSortField;
  sortOrder: 'asc' | 'desc';
  page: number;
}

export const DEFAULT_SORT: Pick<ListState, 'sortField' | 'sortOrder'> = {
  sortField: 'createdAt',
  sortOrder: 'desc',
};

/** Every filter at "no filter" (sort kept by the caller). */
export const EMPTY_FILTERS: Omit<ListState, 'sortField' | 'sortOrder' | 'page'> = {
  search: '',
  user: '',
  userName: '',
  nextArReminderMonths: '',
  status: '',
  bilan: '',
  creationStatus: '',
  finotor: '',
  arColumn: 'nextArReminder',
  arDate: '',
  latePaidReminders: false,
  amlRiskLevel: '',
  amlReviewDue: '',
};

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

const oneOf = <T extends string>(values: readonly T[], value: string | null, fallback: T): T =>
  values.includes(value as T) ? (value as T) : fallback;

export function readListState(params: URLSearchParams): ListState {
  const page = Number(params.get('page'));
  return {
    search: params.get('search') ?? '',
    user: params.get('user') ?? '',
    userName: params.get('userName') ?? '',
    nextArReminderMonths: params.get('nextArReminderMonths') ?? '',
    status: oneOf(['', 'done', 'pending'], params.get('status'), ''),
    bilan: oneOf(['', 'yes', 'no'], params.get('bilan'), ''),
    creationStatus: params.get('creationStatus') ?? '',
    finotor: params.get('finotor') ?? '',
    arColumn: oneOf(['firstAr', 'nextArReminder'], params.get('arColumn'), 'nextArReminder'),
    arDate: params.get('arDate') ?? '',
    latePaidReminders: params.get('latePaidReminders') === 'true',
    amlRiskLevel: oneOf(['', 'high', 'medium', 'low', 'none'], params.get('amlRiskLevel'), ''),
    amlReviewDue: oneOf(AML_REVIEW_DUE_CHOICES, params.get('amlReviewDue'), ''),
    sortField: oneOf(SORT_FIELDS, params.get('sortField'), DEFAULT_SORT.sortField),
    sortOrder: oneOf(['asc', 'desc'], params.get('sortOrder'), DEFAULT_SORT.sortOrder),
    page: Number.isInteger(page) && page >= 1 ? page : 1,
  };
}

/** The query string of a state: only what differs from the defaults, for short shareable URLs. */
export function writeListState(state: ListState): URLSearchParams {
  const params = new URLSearchParams();
  const set = (key: string, value: string, fallback = '') => {
    if (value !== fallback) params.set(key, value);
  };
  set('search', state.search);
  set('user', state.user);
  if (state.user) set('userName', state.userName);
  set('nextArReminderMonths', state.nextArReminderMonths);
  set('status', state.status);
  set('bilan', state.bilan);
  set('creationStatus', state.creationStatus);
  set('finotor', state.finotor);
  set('arColumn', state.arColumn, EMPTY_FILTERS.arColumn);
  set('arDate', state.arDate);
  set('latePaidReminders', state.latePaidReminders ? 'true' : '');
  set('amlRiskLevel', state.amlRiskLevel);
  set('amlReviewDue', state.amlReviewDue);
  set('sortField', state.sortField, DEFAULT_SORT.sortField);
  set('sortOrder', state.sortOrder, DEFAULT_SORT.sortOrder);
  set('page', String(state.page), '1');
  return params;
}

/** The AML review-due filter's choices, in months ('0': due today or overdue). */
export const AML_REVIEW_DUE_CHOICES = ['', '0', '1', '3', '6', '12'] as const;

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
