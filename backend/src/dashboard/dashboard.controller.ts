import { Controller, Get } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { ok } from '../platform/http/envelope';
import { DashboardService } from './dashboard.service';
import { api, ApiOk } from '../platform/http/openapi';
import { ORGANIZATION_VIEW } from '../organizations/organizations.openapi';
import { PERSON_VIEW } from '../people/people.openapi';
import { Staff } from '../platform/auth/route-access';

const DASHBOARD_CARDS = api.object({
  organizations: api.object({ total: api.integer, recent: api.array(ORGANIZATION_VIEW) }),
  people: api.object({ total: api.integer, recent: api.array(PERSON_VIEW) }),
});

@ApiTags('dashboard')
@Staff()
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
