import { LIST_TARGETS } from './support';
import type { ScenarioSet } from './support';

/** The order list (newest, by product, searched), its CSV export, the subscription list. */
export const orderScenarios: ScenarioSet = async ({ post }) => {
  const products = (await post('/api/product/search', { fetchAll: true })) as {
    data: Array<{ _id: string }>;
  };
  const productId = products.data[0]?._id;
  return [
    {
      name: 'orders: newest page',
      method: 'POST',
      path: '/api/order/search',
      body: { page: 1, limit: 25 },
      targets: LIST_TARGETS,
    },
    {
      name: 'orders: search "murphy"',
      method: 'POST',
      path: '/api/order/search',
      body: { search: 'murphy', page: 1, limit: 25 },
      targets: LIST_TARGETS,
    },
    ...(productId
      ? [
          {
            name: 'orders: one product, by total',
            method: 'POST' as const,
            path: '/api/order/search',
            body: {
              product: productId,
              sortField: 'totalAmountOrder',
              sortOrder: 'asc',
              limit: 25,
            },
            targets: LIST_TARGETS,
          },
          {
            name: 'orders: CSV export of one product',
            method: 'GET' as const,
            path: `/api/order/export?product=${productId}`,
          },
        ]
      : []),
    {
      name: 'orders: CSV export, origin NEOCIRCLE',
      method: 'GET',
      path: '/api/order/export?from=NEOCIRCLE',
    },
    {
      name: 'subscriptions: newest page',
      method: 'POST',
      path: '/api/subscription/search',
      body: { page: 1, limit: 25 },
      targets: LIST_TARGETS,
    },
    {
      name: 'subscriptions: unpaid',
      method: 'POST',
      path: '/api/subscription/search',
      body: { status: 'UNPAID', page: 1, limit: 25 },
      targets: LIST_TARGETS,
    },
  ];
};
