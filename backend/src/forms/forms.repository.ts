import { Inject, Injectable } from '@nestjs/common';
import { and, eq, isNull } from 'drizzle-orm';
import { LiveRecords } from '../platform/database/live-records';
import { DATABASE } from '../platform/database/database';
import type { Database } from '../platform/database/database';
import { applyFilters } from '../platform/database/list-filters';
import type { ListFilters } from '../platform/database/list-filters';
import { containsText, searchBoxCondition, totalBound } from '../platform/database/search';
import type { ListPlan } from '../platform/database/search';
import type { FormSortField } from './dto/form.dto';
import { FORM_LIST_VIEW } from './form.view';
import { forms } from './forms.schema';
import type { FormRow } from './forms.schema';

const SORT_COLUMNS = {
  createdAt: forms.createdAt,
  updatedAt: forms.updatedAt,
  organizationName1: forms.organizationName1,
  organizationName2: forms.organizationName2,
  organizationName3: forms.organizationName3,
};

const live = isNull(forms.deletedAt);

export interface FormFilters {
  search?: string;
  /** The top bar's search box (searchBoxCondition). */
  searchBox?: string;
}

/** The requests list's filters (list-filters.ts): every field of FormFilters has its entry. */
const FORM_FILTERS: ListFilters<FormFilters> = {
  search: (term) => containsText(forms.searchText, term),
  searchBox: (term) => ({ where: searchBoxCondition(forms.searchText, term) }),
};

/** The request's sort. */
type FormSort = { field: FormSortField; order: 'asc' | 'desc' };

@Injectable()
export class FormsRepository extends LiveRecords<typeof forms, FormFilters, FormSort> {
  constructor(@Inject(DATABASE) db: Database) {
    super(db, forms, FORM_LIST_VIEW);
  }

  /** Sets whether staff keep the live request, leaving its last change as it was. */
  async setKept(id: string, kept: boolean): Promise<FormRow | undefined> {
    const [row] = await this.db
      .update(forms)
      .set({ kept })
      .where(and(eq(forms.id, id), live))
      .returning();
    return row;
  }

  async markConverted(id: string, organizationId: string, at: Date): Promise<void> {
    await this.db
      .update(forms)
      .set({ organizationId, convertedAt: at, updatedAt: at })
      .where(eq(forms.id, id));
  }

  /** `filtered`: the forms keep no maintained count, so their live rows are counted. */
  protected plan(filters: FormFilters, sort: FormSort): ListPlan {
    return {
      where: and(live, ...applyFilters(FORM_FILTERS, filters).conditions),
      filtered: true,
      sort: { column: SORT_COLUMNS[sort.field], order: sort.order },
      sortMatches: false,
      // Every request of the book is counted (no maintained count): up to a bound.
      boundedTotal: totalBound(filters.search),
    };
  }

  /** Merging duplicate organizations: a request that became the merged-away one. */
  async moveOrganization(fromId: string, toId: string, at: Date): Promise<void> {
    await this.db
      .update(forms)
      .set({ organizationId: toId, updatedAt: at })
      .where(eq(forms.organizationId, fromId));
  }
}
