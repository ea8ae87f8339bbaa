import type { ProductView } from '@registra/domain';
import { JsonView } from '../platform/database/json-view';
import { products } from './products.schema';
import type { ProductRow } from './products.schema';

export type { ProductView };

/** A product as the API shows it (docs/api/orders.md). */
export const PRODUCT_VIEW = new JsonView(products, { hidden: ['searchText', 'deletedAt'] });

export const toProductView = (row: ProductRow): ProductView =>
  PRODUCT_VIEW.toView(row) as unknown as ProductView;
