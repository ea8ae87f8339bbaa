import type {
  OrderListSortField,
  OrderView,
  ProductSearchAnswer,
  ProductView,
} from '@registra/domain';
import { api } from '../../lib/api';
import type { ListAnswer, OkAnswer } from '../../types/api';

export type { OrderView, ProductView };

/** The list's sortable columns (the domain's list, shared with the server). */
export type OrderSortField = OrderListSortField;

/** POST /order/search (docs/api/orders.md). */
export interface OrderSearch {
  search?: string;
  from?: string;
  product?: string;
  organizationId?: string;
  sortField?: OrderSortField;
  sortOrder?: 'asc' | 'desc';
  page?: number;
  limit?: number;
}

/** POST /order: the new-order payload (docs/api/orders.md). */
export interface NewOrder {
  organizationId?: string | null;
  organizationName?: string | null;
  newOrganization: boolean;
  firstName?: string;
  lastName?: string;
  productId: string;
  product?: string;
  dateOrder: string;
  totalPaid: number;
}

/** PUT /order/{id}: the editable fields. */
export type OrderUpdate = Partial<
  Omit<
    OrderView,
    | '_id'
    | 'createdAt'
    | 'updatedAt'
    | 'organizationName'
    | 'product'
    | 'subscriptionId'
    | 'amountBalanceToPaid'
  >
> & { updatedAt: string };

const ORDER_LIST = { type: 'Order', id: 'LIST' } as const;
const PRODUCT_LIST = { type: 'Product', id: 'LIST' } as const;

export const ordersApi = api.injectEndpoints({
  endpoints: (build) => ({
    searchOrders: build.query<ListAnswer<OrderView>, OrderSearch>({
      query: (body) => ({ url: '/order/search', method: 'POST', body }),
      providesTags: (answer) => [
        ORDER_LIST,
        ...(answer?.data ?? []).map((order) => ({ type: 'Order' as const, id: order._id })),
      ],
    }),
    getOrder: build.query<OrderView, string>({
      query: (id) => `/order/${id}`,
      transformResponse: (answer: OkAnswer<OrderView>) => answer.data,
      providesTags: (_answer, _error, id) => [{ type: 'Order', id }],
    }),
    createOrder: build.mutation<OrderView, NewOrder>({
      query: (body) => ({ url: '/order', method: 'POST', body }),
      transformResponse: (answer: OkAnswer<OrderView>) => answer.data,
      invalidatesTags: (_answer, error) => (error ? [] : [ORDER_LIST]),
    }),
    updateOrder: build.mutation<OrderView, { id: string; body: OrderUpdate }>({
      query: ({ id, body }) => ({ url: `/order/${id}`, method: 'PUT', body }),
      transformResponse: (answer: OkAnswer<OrderView>) => answer.data,
      invalidatesTags: (_answer, error, { id }) =>
        error ? [] : [{ type: 'Order', id }, ORDER_LIST, 'Subscription', 'Audit'],
    }),
    deleteOrder: build.mutation<void, string>({
      query: (id) => ({ url: `/order/${id}`, method: 'DELETE' }),
      transformResponse: () => undefined,
      invalidatesTags: (_answer, error) => (error ? [] : [ORDER_LIST, 'Subscription']),
    }),
    searchProducts: build.query<
      ProductSearchAnswer,
      { fetchAll?: boolean; subscription?: boolean }
    >({
      query: (body) => ({ url: '/product/search', method: 'POST', body }),
      providesTags: [PRODUCT_LIST],
    }),
    createProduct: build.mutation<ProductView, { name: string; subscription: boolean }>({
      query: (body) => ({ url: '/product', method: 'POST', body }),
      transformResponse: (answer: OkAnswer<ProductView>) => answer.data,
      invalidatesTags: (_answer, error) => (error ? [] : [PRODUCT_LIST]),
    }),
  }),
});

export const {
  useSearchOrdersQuery,
  useGetOrderQuery,
  useCreateOrderMutation,
  useUpdateOrderMutation,
  useDeleteOrderMutation,
  useSearchProductsQuery,
  useCreateProductMutation,
} = ordersApi;
