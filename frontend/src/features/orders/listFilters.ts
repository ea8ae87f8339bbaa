import { DEFAULT_PAGE_SIZE } from '@registra/domain';
import type { OrderSearch, OrderSortField } from './api';

/** The order list's filters, kept under `ordersFilters` and restored on load (spec 02 §2.8). */
export interface OrdersFilters {
  search: string;
  /** An organization id, 'N/A', or '' for all. */
  organizationId: string;
  organizationName: string;
  /** NEOCIRCLE, NOMAD, N/A, or '' for all. */
  from: string;
  /** A product id, or '' for all. */
  product: string;
  sortField: OrderSortField;
  sortOrder: 'asc' | 'desc';
  page: number;
}

export const ORDERS_FILTERS_KEY = 'ordersFilters';

export const DEFAULT_ORDERS_FILTERS: OrdersFilters = {
  search: '',
  organizationId: '',
  organizationName: '',
  from: '',
  product: '',
  sortField: 'dateOrder',
  sortOrder: 'desc',
  page: 1,
};

const text = (value: unknown, fallback: string) => (typeof value === 'string' ? value : fallback);

/** What was stored, field by field; anything unreadable falls back to the default. */
export function readOrdersFilters(storage: Storage = window.localStorage): OrdersFilters {
  let stored: Record<string, unknown>;
  try {
    stored = JSON.parse(storage.getItem(ORDERS_FILTERS_KEY) ?? '{}') as Record<string, unknown>;
  } catch {
    stored = {};
  }
  if (typeof stored !== 'object' || stored === null) stored = {};
  const page = Number(stored.page);
  return {
    search: text(stored.search, ''),
    organizationId: text(stored.organizationId, ''),
    organizationName: text(stored.organizationName, ''),
    from: ['', 'NEOCIRCLE', 'NOMAD', 'N/A'].includes(text(stored.from, ''))
      ? text(stored.from, '')
      : '',
    product: text(stored.product, ''),
    sortField: text(stored.sortField, DEFAULT_ORDERS_FILTERS.sortField) as OrderSortField,
    sortOrder: stored.sortOrder === 'asc' ? 'asc' : 'desc',
    page: Number.isInteger(page) && page >= 1 ? page : 1,
  };
}

export function writeOrdersFilters(filters: OrdersFilters, storage: Storage = window.localStorage) {
  storage.setItem(ORDERS_FILTERS_KEY, JSON.stringify(filters));
}

/** The search body: empty filters left out. */
export function toOrderSearch(filters: OrdersFilters): OrderSearch {
  return {
    ...(filters.search.trim() ? { search: filters.search.trim() } : {}),
    ...(filters.organizationId ? { organizationId: filters.organizationId } : {}),
    ...(filters.from ? { from: filters.from } : {}),
    ...(filters.product ? { product: filters.product } : {}),
    sortField: filters.sortField,
    sortOrder: filters.sortOrder,
    page: filters.page,
    limit: DEFAULT_PAGE_SIZE,
  };
}
