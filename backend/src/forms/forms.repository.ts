import { Inject, Injectable } from '@nestjs/common';
import { and, eq, isNotNull, isNull } from 'drizzle-orm';
import { DATABASE } from '../platform/database/database';
import type { Database } from '../platform/database/database';
import { anyRow } from '../platform/database/any-row';
import { applyFilters } from '../platform/database/list-filters';
import type { ListFilters } from '../platform/database/list-filters';
import {
  containsText,
  listViewFirst,
  listViewPage,
  searchBoxCondition,
  totalBound,
} from '../platform/database/search';
import type { ListPlan, ListTotal } from '../platform/database/search';
import { softDeleteLive } from '../platform/database/soft-delete';
import type { FormSortField } from './dto/form.dto';
import { FORM_LIST_VIEW } from './form.view';
import { forms } from './forms.schema';
import type { FormRow, NewFormRow } from './forms.schema';

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

@Injectable()
export class FormsRepository {
  constructor(@Inject(DATABASE) private readonly db: Database) {}

  async insert(values: NewFormRow): Promise<FormRow> {
    const [row] = await this.db.insert(forms).values(values).returning();
    return row;
  }

  async findLive(id: string): Promise<FormRow | undefined> {
    const [row] = await this.db
      .select()
      .from(forms)
      .where(and(eq(forms.id, id), live))
      .limit(1);
    return row;
  }

  /** True when the request exists and was deleted (its address then says so). */
  async isDeleted(id: string): Promise<boolean> {
    return anyRow(this.db, forms, and(eq(forms.id, id), isNotNull(forms.deletedAt)));
  }

  /** The request, locked until the transaction ends: two conversions at once take turns. */
  async findLiveForUpdate(id: string): Promise<FormRow | undefined> {
    const [row] = await this.db
      .select()
      .from(forms)
      .where(and(eq(forms.id, id), live))
      .limit(1)
      .for('update');
    return row;
  }

  /** Writes `values` when the request is live and still at `expectedUpdatedAt`. */
  async update(
    id: string,
    values: Partial<NewFormRow>,
    expectedUpdatedAt: Date,
  ): Promise<FormRow | undefined> {
    const [row] = await this.db
      .update(forms)
      .set(values)
      .where(and(eq(forms.id, id), live, eq(forms.updatedAt, expectedUpdatedAt)))
      .returning();
    return row;
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

  softDelete(id: string, at: Date): Promise<boolean> {
    return softDeleteLive(this.db, forms, id, at);
  }

  /** A page of the list as its lines' JSON text (ADR 0090) and the exact total. */
  searchViews(
    filters: FormFilters,
    sort: { field: FormSortField; order: 'asc' | 'desc' },
    page: { offset: number; limit: number },
  ): Promise<{ items: string[] } & ListTotal> {
    return listViewPage(this.db, FORM_LIST_VIEW, this.plan(filters, sort), page);
  }

  /** The search box's few requests, as list lines' JSON text ({@link listViewFirst}). */
  firstViews(
    filters: FormFilters,
    sort: { field: FormSortField; order: 'asc' | 'desc' },
    limit: number,
  ): Promise<string[]> {
    return listViewFirst(this.db, FORM_LIST_VIEW, this.plan(filters, sort), limit);
  }

  /** `filtered`: the forms keep no maintained count, so their live rows are counted. */
  private plan(
    filters: FormFilters,
    sort: { field: FormSortField; order: 'asc' | 'desc' },
  ): ListPlan {
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
