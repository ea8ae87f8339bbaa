import { Controller, Get, Query } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { OverviewView } from '@registra/domain';
import { CurrentUser } from '../platform/auth/current-user.decorator';
import { ok } from '../platform/http/envelope';
import type { Ok } from '../platform/http/envelope';
import type { AuthUser } from '../users/user.view';
import { OverviewQueryDto } from './dto/overview.dto';
import { OverviewService } from './overview.service';
import { ApiOk } from '../platform/http/openapi';
import { OVERVIEW_VIEW } from './overview.openapi';
import { Staff } from '../platform/auth/route-access';

@ApiTags('overview')
@Staff()
@Controller('overview')
export class OverviewController {
  constructor(private readonly overview: OverviewService) {}

  @Get()
  @ApiOk(OVERVIEW_VIEW)
  @ApiOperation({
    summary:
      "The figures behind /overview's charts for a period (default the next 12 months, at most 731 days) and an assigned user: obligations by month and kind, overdue by kind and user, AML risk levels and reviews by month, orders paid and outstanding by month, subscriptions by status, company-creation requests by month and how many became clients",
  })
  async figures(
    @Query() query: OverviewQueryDto,
    @CurrentUser() user: AuthUser,
  ): Promise<Ok<OverviewView>> {
    return ok(await this.overview.figures(query, user._id));
  }
}
