import { Injectable } from '@nestjs/common';
import { DASHBOARD_RECENT_COUNT } from '@registra/domain';
import { toOrganizationView } from '../organizations/organization.view';
import { toPersonView } from '../people/person.view';
import { DashboardRepository } from './dashboard.repository';

@Injectable()
export class DashboardService {
  constructor(private readonly repository: DashboardRepository) {}

  /**
   * The organizations and people cards (docs/product/calendar-and-overview.md): totals and the 5
   * most recent of each.
   */
  async cards() {
    const rows = await this.repository.cards(DASHBOARD_RECENT_COUNT);
    return {
      organizations: {
        total: rows.organizationsTotal,
        recent: rows.organizationsRecent.map(toOrganizationView),
      },
      people: { total: rows.peopleTotal, recent: rows.peopleRecent.map(toPersonView) },
    };
  }
}
