import { Body, Controller } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { PostOk, SearchOk } from '../platform/http/decorators';
import { ok } from '../platform/http/envelope';
import { CreateProductDto, SearchProductsDto } from './dto/product.dto';
import { ProductsService } from './products.service';
import { api, ApiFails, ApiOk } from '../platform/http/openapi';
import { PRODUCT_VIEW } from './products.openapi';
import { Staff } from '../platform/auth/route-access';

const PRODUCT_COUNTS = api.object({ products: api.integer, subscriptions: api.integer });

@ApiTags('product')
@Staff()
@Controller('product')
export class ProductsController {
  constructor(private readonly products: ProductsService) {}

  @PostOk()
  @ApiOk(PRODUCT_VIEW)
  @ApiFails(409)
  @ApiOperation({
    summary: 'Create a product (name required, unique whatever its case: 409 otherwise)',
  })
  async create(@Body() dto: CreateProductDto) {
    return ok(await this.products.create(dto));
  }

  @SearchOk()
  @ApiOk(api.array(PRODUCT_VIEW), { counts: PRODUCT_COUNTS })
  @ApiOperation({
    summary:
      'The products by name (fetchAll, or the subscription flag and a name search), with the counts of products and subscription products',
  })
  search(@Body() dto: SearchProductsDto) {
    return this.products.search(dto);
  }
}
