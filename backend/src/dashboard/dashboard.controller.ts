import { Controller, Get } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { ok } from '../platform/http/envelope';
import { DashboardService } from './dashboard.service';
import { apiArray, apiInteger, ApiOk, apiObject } from '../platform/http/openapi';
import { ORGANIZATION_VIEW } from '../organizations/organizations.openapi';
import { PERSON_VIEW } from '../people/people.openapi';

const DASHBOARD_CARDS = apiObject({
  organizations: apiObject({ total: apiInteger, recent: apiArray(ORGANIZATION_VIEW) }),
  people: apiObject({ total: apiInteger, recent: apiArray(PERSON_VIEW) }),
});

@ApiTags('dashboard')
@Controller('dashboard')
export class DashboardController {
  constructor(private readonly dashboard: DashboardService) {}

  @Get()
  @ApiOk(DASHBOARD_CARDS)
  @ApiOperation({
    summary: 'Totals and the 5 most recent organizations and people, in one round trip',
  })
  async cards() {
    return ok(await this.dashboard.cards());
  }
}
