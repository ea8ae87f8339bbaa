import { Injectable } from '@nestjs/common';
import { DASHBOARD_RECENT_COUNT } from '@registra/domain';
import { OrganizationsService } from '../organizations/organizations.service';
import { PeopleService } from '../people/people.service';

@Injectable()
export class DashboardService {
  constructor(
    private readonly organizations: OrganizationsService,
    private readonly people: PeopleService,
  ) {}

  /** The organizations and people cards (spec 01 "Dashboard"): totals and the 5 most recent of each. */
  async cards() {
    const [organizations, peopleTotal, peopleRecent] = await Promise.all([
      this.organizations.summary(),
      this.people.countLive(),
      this.people.recent(DASHBOARD_RECENT_COUNT),
    ]);
    return { organizations, people: { total: peopleTotal, recent: peopleRecent } };
  }
}
