import { HttpStatus, Injectable } from '@nestjs/common';
import { ErrorCode, checkProductName } from '@registra/domain';
import type { ProductSearchAnswer } from '@registra/domain';
import { searchTextOf } from '../platform/database/search';
import { isUniqueViolation } from '../platform/database/pg-errors';
import { AppException, notFound, validationError } from '../platform/errors/app-exception';
import { CreateProductDto, PRODUCT_SEARCH_MAX, SearchProductsDto } from './dto/product.dto';
import { toProductView } from './product.view';
import type { ProductView } from './product.view';
import { ProductsRepository } from './products.repository';

@Injectable()
export class ProductsService {
  constructor(private readonly repository: ProductsRepository) {}

  async create(dto: CreateProductDto): Promise<ProductView> {
    const check = checkProductName(dto.name);
    if (!check.ok)
      throw validationError([{ field: 'name', message: check.message }], check.message);
    try {
      const now = new Date();
      const row = await this.repository.insert({
        name: check.name,
        subscription: dto.subscription ?? false,
        searchText: searchTextOf(check.name),
        createdAt: now,
        updatedAt: now,
      });
      return toProductView(row);
    } catch (error) {
      // The unique index on the lower-cased name decides, even for two requests at once.
      if (isUniqueViolation(error)) {
        throw new AppException(
          HttpStatus.CONFLICT,
          ErrorCode.PRODUCT_ALREADY_EXISTS,
          `A product named "${check.name}" already exists`,
        );
      }
      throw error;
    }
  }

  async search(dto: SearchProductsDto): Promise<ProductSearchAnswer> {
    const filters = dto.fetchAll
      ? {}
      : { subscription: dto.subscription, search: dto.search?.trim() || undefined };
    const [rows, counts] = await Promise.all([
      this.repository.search(filters, dto.limit ?? PRODUCT_SEARCH_MAX),
      this.repository.counts(),
    ]);
    return { ok: true, data: rows.map(toProductView), counts };
  }

  /** A live product, for the orders and subscriptions that name one (404 otherwise). */
  async get(id: string): Promise<ProductView> {
    const row = await this.repository.findLive(id);
    if (!row) throw notFound('Product');
    return toProductView(row);
  }

  /** A live product or undefined. */
  async find(id: string): Promise<ProductView | undefined> {
    const row = await this.repository.findLive(id);
    return row ? toProductView(row) : undefined;
  }
}
