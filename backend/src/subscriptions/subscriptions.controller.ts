import { Body, Controller, Get, Query, Res } from '@nestjs/common';
import { ApiOperation, ApiProduces, ApiTags } from '@nestjs/swagger';
import { csvFileName } from '@registra/domain';
import type { Response } from 'express';
import { sendCsv } from '../platform/http/csv';
import { DeleteOk, PostOk, SearchOk, UpdateById } from '../platform/http/decorators';
import { ok } from '../platform/http/envelope';
import { IdParam } from '../platform/http/id-param.pipe';
import { parseSearchQuery } from '../platform/http/search-query';
import {
  CreateSubscriptionDto,
  SearchSubscriptionsDto,
  UpdateSubscriptionDto,
} from './dto/subscription.dto';
import { SUBSCRIPTION_CSV_COLUMNS } from './subscriptions.export';
import { SubscriptionsService } from './subscriptions.service';
import { ApiFile, ApiOk, ApiPage, ApiSearchQuery } from '../platform/http/openapi';
import { SUBSCRIPTION_VIEW } from './subscriptions.openapi';
import { Staff } from '../platform/auth/route-access';

@ApiTags('subscription')
@Staff()
@Controller('subscription')
export class SubscriptionsController {
  constructor(private readonly subscriptions: SubscriptionsService) {}

  @PostOk()
  @ApiOk(SUBSCRIPTION_VIEW)
  @ApiOperation({
    summary:
      'Subscribe an organization to a subscription product: plan 1..60 months (default 6), startingDate (default today)',
  })
  async create(@Body() dto: CreateSubscriptionDto) {
    return ok(await this.subscriptions.create(dto));
  }

  @SearchOk()
  @ApiPage(SUBSCRIPTION_VIEW)
  @ApiOperation({
    summary:
      "An organization's subscriptions (organizationId), or the list: organization_name, product_name, status, sortField, sortOrder, page. nextDueDate and missingPayments are computed (each linked order pays one period)",
  })
  search(@Body() dto: SearchSubscriptionsDto) {
    return this.subscriptions.search(dto);
  }

  @Get('export')
  @ApiFile('text/csv', 'The matching subscriptions, one a line')
  @ApiSearchQuery(SearchSubscriptionsDto)
  @ApiProduces('text/csv')
  @ApiOperation({ summary: "The list as CSV: the search's filters as query parameters, streamed" })
  async export(@Query() query: Record<string, unknown>, @Res() response: Response): Promise<void> {
    const dto = await parseSearchQuery(SearchSubscriptionsDto, query, {
      integers: ['page', 'limit'],
    });
    await sendCsv(response, {
      fileName: csvFileName('subscriptions'),
      columns: SUBSCRIPTION_CSV_COLUMNS,
      rows: (onBatch) => this.subscriptions.exportInBatches(dto, onBatch),
    });
  }

  @Get(':id')
  @ApiOk(SUBSCRIPTION_VIEW)
  @ApiOperation({ summary: 'One subscription' })
  async get(@IdParam() id: string) {
    return ok(await this.subscriptions.get(id));
  }

  @UpdateById(
    SUBSCRIPTION_VIEW,
    'Exactly one of status (CURRENT, UNPAID, CANCELLED), addedOrder, deletedOrder; answers the updated subscription. An order pays one subscription at most (409 ORDER_ALREADY_LINKED)',
  )
  async update(@IdParam() id: string, @Body() dto: UpdateSubscriptionDto) {
    return ok(await this.subscriptions.update(id, dto));
  }

  @DeleteOk(':id')
  @ApiOperation({ summary: 'Soft delete; its orders are unlinked' })
  async remove(@IdParam() id: string) {
    await this.subscriptions.delete(id);
    return { ok: true };
  }
}
