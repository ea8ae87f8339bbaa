import { Inject, Injectable } from '@nestjs/common';
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import { DATABASE } from '../platform/database/database';
import type { Database } from '../platform/database/database';
import { containsPattern } from '../platform/database/search';
import { products } from './products.schema';
import type { NewProductRow, ProductRow } from './products.schema';

const live = isNull(products.deletedAt);

@Injectable()
export class ProductsRepository {
  constructor(@Inject(DATABASE) private readonly db: Database) {}

  async insert(values: NewProductRow): Promise<ProductRow> {
    const [row] = await this.db.insert(products).values(values).returning();
    return row;
  }

  async findLive(id: string): Promise<ProductRow | undefined> {
    const [row] = await this.db
      .select()
      .from(products)
      .where(and(eq(products.id, id), live))
      .limit(1);
    return row;
  }

  async search(
    filters: { subscription?: boolean; search?: string },
    limit: number,
  ): Promise<ProductRow[]> {
    const conditions: SQL[] = [live];
    if (filters.subscription !== undefined)
      conditions.push(eq(products.subscription, filters.subscription));
    if (filters.search)
      conditions.push(sql`${products.searchText} LIKE ${containsPattern(filters.search)}`);
    return this.db
      .select()
      .from(products)
      .where(and(...conditions))
      .orderBy(asc(products.name), asc(products.id))
      .limit(limit);
  }

  /** The management modal's counts: every live product, and the subscription ones. */
  async counts(): Promise<{ products: number; subscriptions: number }> {
    const [row] = await this.db
      .select({
        products: sql<number>`count(*)::int`,
        subscriptions: sql<number>`count(*) FILTER (WHERE ${products.subscription})::int`,
      })
      .from(products)
      .where(live);
    return row;
  }
}
