import { Body, Controller, Get, Query, Res } from '@nestjs/common';
import { ApiOperation, ApiProduces, ApiTags } from '@nestjs/swagger';
import { csvFileName } from '@registra/domain';
import type { Response } from 'express';
import { sendCsv } from '../platform/http/csv';
import { DeleteOk, ListSearch, PostOk, UpdateById } from '../platform/http/decorators';
import { ok } from '../platform/http/envelope';
import { IdParam } from '../platform/http/id-param.pipe';
import { parseSearchQuery } from '../platform/http/search-query';
import { CreateOrderDto, SearchOrdersDto, UpdateOrderDto } from './dto/order.dto';
import { ORDER_CSV_COLUMNS } from './orders.export';
import { OrdersService } from './orders.service';
import { ApiFails, ApiFile, ApiOk, ApiSearchQuery } from '../platform/http/openapi';
import { ORDER_VIEW } from './orders.openapi';
import { Staff } from '../platform/auth/route-access';

@ApiTags('order')
@Staff()
@Controller('order')
export class OrdersController {
  constructor(private readonly orders: OrdersService) {}

  @PostOk()
  @ApiOk(ORDER_VIEW)
  @ApiFails(409)
  @ApiOperation({
    summary:
      'Create from the new-order payload: an organization, or newOrganization with first and last name; product, dateOrder, totalPaid (euros, 2 decimals)',
  })
  async create(@Body() dto: CreateOrderDto) {
    return ok(await this.orders.create(dto));
  }

  @ListSearch(
    ORDER_VIEW,
    'Search (company, names, e-mail, product), from (NEOCIRCLE, NOMAD, N/A), product, organizationId (or N/A), orderIds; every column sortable (dateOrder desc by default); page, limit (25, up to 1000)',
  )
  search(@Body() dto: SearchOrdersDto): Promise<string> {
    return this.orders.search(dto);
  }

  // Declared before ':id' so "export" is not taken for an id.
  @Get('export')
  @ApiFile('text/csv', 'The matching orders, one a line')
  @ApiSearchQuery(SearchOrdersDto)
  @ApiProduces('text/csv')
  @ApiOperation({
    summary: "The list as CSV: the search's filters and sort as query parameters, streamed",
  })
  async export(@Query() query: Record<string, unknown>, @Res() response: Response): Promise<void> {
    const dto = await parseSearchQuery(SearchOrdersDto, query, { integers: ['page', 'limit'] });
    await sendCsv(response, {
      fileName: csvFileName('orders'),
      columns: ORDER_CSV_COLUMNS,
      rows: (onBatch) => this.orders.exportInBatches(dto, onBatch),
    });
  }

  @Get(':id')
  @ApiOk(ORDER_VIEW)
  @ApiOperation({ summary: 'One order' })
  async get(@IdParam() id: string) {
    return ok(await this.orders.get(id));
  }

  @UpdateById(
    ORDER_VIEW,
    'The editable fields (a field left out keeps its value); noVat and withVat never both true; the VAT number kept only with VAT; stale updatedAt: 409',
  )
  async update(@IdParam() id: string, @Body() dto: UpdateOrderDto) {
    return ok(await this.orders.update(id, dto));
  }

  @DeleteOk(':id')
  @ApiOperation({ summary: 'Soft delete' })
  async remove(@IdParam() id: string) {
    await this.orders.delete(id);
    return { ok: true };
  }
}
