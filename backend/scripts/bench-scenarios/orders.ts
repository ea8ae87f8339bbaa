import { listPage } from './support';
import type { ScenarioSet } from './support';

/** The order list (newest, by product, searched), its CSV export, the subscription list. */
export const orderScenarios: ScenarioSet = async ({ post }) => {
  const products = (await post('/api/product/search', { fetchAll: true })) as {
    data: Array<{ _id: string }>;
  };
  const productId = products.data[0]?._id;
  return [
    listPage('orders: newest page', '/api/order/search', { page: 1, limit: 25 }),
    listPage('orders: search "murphy"', '/api/order/search', {
      search: 'murphy',
      page: 1,
      limit: 25,
    }),
    ...(productId
      ? [
          listPage('orders: one product, by total', '/api/order/search', {
            product: productId,
            sortField: 'totalAmountOrder',
            sortOrder: 'asc',
            limit: 25,
          }),
          {
            name: 'orders: CSV export of one product',
            method: 'GET' as const,
            path: `/api/order/export?product=${productId}`,
            wholeRange: true as const,
          },
        ]
      : []),
    {
      name: 'orders: CSV export, origin NEOCIRCLE',
      method: 'GET',
      path: '/api/order/export?from=NEOCIRCLE',
      wholeRange: true,
    },
    listPage('subscriptions: newest page', '/api/subscription/search', { page: 1, limit: 25 }),
    listPage('subscriptions: unpaid', '/api/subscription/search', {
      status: 'UNPAID',
      page: 1,
      limit: 25,
    }),
  ];
};
