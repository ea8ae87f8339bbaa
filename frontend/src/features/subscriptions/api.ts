import type {
  OrderView,
  ProductSearchAnswer,
  SubscriptionStatus,
  SubscriptionView,
} from '@registra/domain';
import { api } from '../../lib/api';
import type { ListAnswer, OkAnswer } from '../../types/api';

export type { SubscriptionView };

export type SubscriptionSortField =
  'createdAt' | 'organizationName' | 'productName' | 'status' | 'startingDate' | 'plan';

/** POST /subscription/search: the /subscription list (docs/api/orders.md) or one organization's. */
export interface SubscriptionSearch {
  organizationId?: string;
  organization_name?: string;
  product_name?: string;
  status?: SubscriptionStatus;
  sortField?: SubscriptionSortField;
  sortOrder?: 'asc' | 'desc';
  page?: number;
  limit?: number;
}

const SUBSCRIPTION_LIST = { type: 'Subscription', id: 'LIST' } as const;

export const subscriptionsApi = api.injectEndpoints({
  endpoints: (build) => ({
    searchSubscriptions: build.query<ListAnswer<SubscriptionView>, SubscriptionSearch>({
      query: (body) => ({ url: '/subscription/search', method: 'POST', body }),
      providesTags: [SUBSCRIPTION_LIST, 'Subscription'],
    }),
    createSubscription: build.mutation<
      SubscriptionView,
      { organizationId: string; productId: string; plan: number; startingDate: string }
    >({
      query: (body) => ({ url: '/subscription', method: 'POST', body }),
      transformResponse: (answer: OkAnswer<SubscriptionView>) => answer.data,
      invalidatesTags: (_answer, error) => (error ? [] : [SUBSCRIPTION_LIST]),
    }),
    /** Exactly one change: status, addedOrder or deletedOrder. */
    updateSubscription: build.mutation<
      SubscriptionView,
      {
        id: string;
        body: { status: SubscriptionStatus } | { addedOrder: string } | { deletedOrder: string };
      }
    >({
      query: ({ id, body }) => ({ url: `/subscription/${id}`, method: 'PUT', body }),
      transformResponse: (answer: OkAnswer<SubscriptionView>) => answer.data,
      invalidatesTags: (_answer, error) => (error ? [] : [SUBSCRIPTION_LIST, 'Order']),
    }),
    deleteSubscription: build.mutation<void, string>({
      query: (id) => ({ url: `/subscription/${id}`, method: 'DELETE' }),
      transformResponse: () => undefined,
      invalidatesTags: (_answer, error) => (error ? [] : [SUBSCRIPTION_LIST, 'Order']),
    }),
    subscriptionProducts: build.query<
      ProductSearchAnswer,
      { fetchAll?: boolean; subscription?: boolean }
    >({
      query: (body) => ({ url: '/product/search', method: 'POST', body }),
      providesTags: [{ type: 'Product', id: 'LIST' }],
    }),
    /** An organization's orders: the orders view (25 a page) and the link dialog (up to 1000). */
    organizationOrders: build.query<
      ListAnswer<OrderView>,
      { organizationId: string; search?: string; page?: number; limit: number }
    >({
      query: (body) => ({
        url: '/order/search',
        method: 'POST',
        body: { ...body, sortField: 'dateOrder', sortOrder: 'desc' },
      }),
      providesTags: [{ type: 'Order', id: 'LIST' }, 'Order'],
    }),
  }),
});

export const {
  useSearchSubscriptionsQuery,
  useCreateSubscriptionMutation,
  useUpdateSubscriptionMutation,
  useDeleteSubscriptionMutation,
  useSubscriptionProductsQuery,
  useOrganizationOrdersQuery,
} = subscriptionsApi;
