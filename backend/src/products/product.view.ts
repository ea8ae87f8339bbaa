import type { ProductView } from '@registra/domain';
import type { ProductRow } from './products.schema';

export type { ProductView };

export const toProductView = (row: ProductRow): ProductView => ({
  _id: row.id,
  name: row.name,
  subscription: row.subscription,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});
