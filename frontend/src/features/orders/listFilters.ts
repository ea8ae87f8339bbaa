import { DEFAULT_PAGE_SIZE, ORDER_LIST_SORT_FIELDS } from '@registra/domain';
import { choiceField, orderField, pageField, textField } from '../../components/useListState';
import type { ListStateOf } from '../../components/useListState';
import type { OrderSearch } from './api';

/** The order list's filters, kept under `ordersFilters` and restored on load. */
export const ORDERS_LIST_STATE = {
  search: textField(),
  /** An organization id, 'N/A', or '' for all. */
  organizationId: textField(),
  organizationName: textField(),
  /** NEOCIRCLE, NOMAD, N/A, or '' for all. */
  from: choiceField<string>(['', 'NEOCIRCLE', 'NOMAD', 'N/A'], ''),
  /** A product id, or '' for all. */
  product: textField(),
  sortField: choiceField(ORDER_LIST_SORT_FIELDS, 'dateOrder'),
  sortOrder: orderField('desc'),
  page: pageField,
};

export type OrdersFilters = ListStateOf<typeof ORDERS_LIST_STATE>;

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
