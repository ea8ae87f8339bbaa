import { Body, Controller } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { PostOk, SearchOk } from '../platform/http/decorators';
import { ok } from '../platform/http/envelope';
import { CreateProductDto, SearchProductsDto } from './dto/product.dto';
import { ProductsService } from './products.service';

@ApiTags('product')
@Controller('product')
export class ProductsController {
  constructor(private readonly products: ProductsService) {}

  @PostOk()
  @ApiOperation({
    summary: 'Create a product (name required, unique whatever its case: 409 otherwise)',
  })
  async create(@Body() dto: CreateProductDto) {
    return ok(await this.products.create(dto));
  }

  @SearchOk()
  @ApiOperation({
    summary:
      'The products by name (fetchAll, or the subscription flag and a name search), with the counts of products and subscription products',
  })
  search(@Body() dto: SearchProductsDto) {
    return this.products.search(dto);
  }
}
