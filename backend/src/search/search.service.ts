import { Injectable } from '@nestjs/common';
import { SEARCH_MIN_LENGTH } from '@registra/domain';
import type { SearchResults } from '@registra/domain';
import { FormsService } from '../forms/forms.service';
import { OrdersService } from '../orders/orders.service';
import { OrganizationsService } from '../organizations/organizations.service';
import { PeopleService } from '../people/people.service';
import { TasksService } from '../tasks/tasks.service';

const NOTHING: SearchResults = { organizations: [], people: [], tasks: [], orders: [], forms: [] };

/**
 * One search box for everything: each context finds its own records (its list's search, first
 * page of five), side by side; this one only gathers them.
 */
@Injectable()
export class SearchService {
  constructor(
    private readonly organizations: OrganizationsService,
    private readonly people: PeopleService,
    private readonly tasks: TasksService,
    private readonly orders: OrdersService,
    private readonly forms: FormsService,
  ) {}

  async find(text: string): Promise<SearchResults> {
    const term = text.trim();
    if (term.length < SEARCH_MIN_LENGTH) return NOTHING;
    const [organizations, people, tasks, orders, forms] = await Promise.all([
      this.organizations.find(term),
      this.people.find(term),
      this.tasks.find(term),
      this.orders.find(term),
      this.forms.find(term),
    ]);
    return { organizations, people, tasks, orders, forms };
  }
}
