import { Inject, Injectable } from '@nestjs/common';
import { and, asc, desc, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import { DATABASE } from '../platform/database/database';
import type { Database } from '../platform/database/database';
import { applyFilters } from '../platform/database/list-filters';
import type { ListFilters } from '../platform/database/list-filters';
import { containsPattern, readPageAndCount } from '../platform/database/search';
import type { FormSortField } from './dto/form.dto';
import type { FormListColumns } from './form.view';
import { forms } from './forms.schema';
import type { FormRow, NewFormRow } from './forms.schema';

const SORT_COLUMNS = {
  createdAt: forms.createdAt,
  updatedAt: forms.updatedAt,
  organizationName1: forms.organizationName1,
  organizationName2: forms.organizationName2,
  organizationName3: forms.organizationName3,
};

const LIST_COLUMNS = {
  id: forms.id,
  organizationName1: forms.organizationName1,
  organizationName2: forms.organizationName2,
  organizationName3: forms.organizationName3,
  description: forms.description,
  members: forms.members,
  directors: forms.directors,
  organizationId: forms.organizationId,
  createdAt: forms.createdAt,
  updatedAt: forms.updatedAt,
};

const live = isNull(forms.deletedAt);

export interface FormFilters {
  search?: string;
}

/** The requests list's filters (list-filters.ts): every field of FormFilters has its entry. */
const FORM_FILTERS: ListFilters<FormFilters> = {
  search: (term) => ({ where: sql`${forms.searchText} LIKE ${containsPattern(term)}` }),
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
    const [row] = await this.db
      .select({ id: forms.id })
      .from(forms)
      .where(and(eq(forms.id, id), isNotNull(forms.deletedAt)))
      .limit(1);
    return Boolean(row);
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

  async markConverted(id: string, organizationId: string, at: Date): Promise<void> {
    await this.db
      .update(forms)
      .set({ organizationId, convertedAt: at, updatedAt: at })
      .where(eq(forms.id, id));
  }

  async softDelete(id: string, at: Date): Promise<boolean> {
    const rows = await this.db
      .update(forms)
      .set({ deletedAt: at, updatedAt: at })
      .where(and(eq(forms.id, id), live))
      .returning({ id: forms.id });
    return rows.length > 0;
  }

  /** A page of the list's columns and the exact total, side by side when they can be (ADR 0089). */
  async search(
    filters: FormFilters,
    sort: { field: FormSortField; order: 'asc' | 'desc' },
    page: { offset: number; limit: number },
  ): Promise<{ rows: FormListColumns[]; total: number }> {
    const where = and(live, ...applyFilters(FORM_FILTERS, filters).conditions);
    const direction = sort.order === 'asc' ? asc : desc;
    const { rows, count: total } = await readPageAndCount(
      this.db,
      page,
      async () =>
        (
          await this.db
            .select({ total: sql<number>`count(*)::int` })
            .from(forms)
            .where(where)
        )[0].total,
      () =>
        this.db
          .select(LIST_COLUMNS)
          .from(forms)
          .where(where)
          .orderBy(direction(SORT_COLUMNS[sort.field]), direction(forms.id))
          .limit(page.limit)
          .offset(page.offset),
      (counted) => counted,
    );
    return { rows, total };
  }

  /** Merging duplicate organizations: a request that became the merged-away one. */
  async moveOrganization(fromId: string, toId: string, at: Date): Promise<void> {
    await this.db
      .update(forms)
      .set({ organizationId: toId, updatedAt: at })
      .where(eq(forms.organizationId, fromId));
  }
}
