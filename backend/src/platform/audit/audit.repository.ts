import { Inject, Injectable } from '@nestjs/common';
import { and, desc, eq, gte, lt, or, sql } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import { FIRM_TIME_ZONE, isIsoDate } from '@registra/domain';
import { DATABASE } from '../database/database';
import type { Database } from '../database/database';
import { EXACT_TOTAL_MAX, countToBound, readPageAndCount } from '../database/search';
import type { ListTotal } from '../database/search';
import { applyFilters } from '../database/list-filters';
import type { ListFilters } from '../database/list-filters';
import { auditLog, auditLogCounts, auditRecordTypes } from './audit.schema';
import type { AuditRow } from './audit.schema';

export interface AuditFilters {
  recordType?: string;
  recordId?: string;
  userId?: string;
  from?: string;
  to?: string;
}

/** The Activity log's filters (list-filters.ts): every field of AuditFilters has its entry. */
const AUDIT_FILTERS: ListFilters<AuditFilters> = {
  // The record's own rows, and those of the records attached to it (GIN on related_ids).
  recordId: (recordId, f) => {
    const own = f.recordType
      ? and(eq(auditLog.recordType, f.recordType), eq(auditLog.recordId, recordId))!
      : eq(auditLog.recordId, recordId);
    return { where: or(own, sql`${auditLog.relatedIds} @> ARRAY[${recordId}]::uuid[]`)! };
  },
  // With a record id, the type is part of that filter's condition.
  recordType: (recordType, f) =>
    f.recordId ? undefined : { where: eq(auditLog.recordType, recordType) },
  userId: (userId) => ({ where: eq(auditLog.userId, userId) }),
  from: (day) => ({ where: gte(auditLog.at, instant(day, false)) }),
  to: (day) => ({ where: lt(auditLog.at, instant(day, true)) }),
};

/** An event that changes no row of its own (a refused sign-in); written in the current scope. */
export interface AuditEvent {
  action: string;
  recordType: string;
  recordId: string | null;
  recordLabel: string | null;
  userId: string | null;
  userName: string | null;
  data?: Record<string, unknown>;
  changes?: Record<string, [unknown, unknown]>;
  relatedIds?: string[];
}

/** The log's row of an event: no data, no changes and no related records when it has none. */
const rowOf = (event: AuditEvent) => ({
  action: event.action,
  recordType: event.recordType,
  recordId: event.recordId,
  recordLabel: event.recordLabel,
  userId: event.userId,
  userName: event.userName,
  data: event.data ?? null,
  changes: event.changes ?? null,
  relatedIds: event.relatedIds ?? [],
});

/** The audit_log table: appended to, read, never changed (a trigger refuses UPDATE and DELETE). */
@Injectable()
export class AuditRepository {
  constructor(@Inject(DATABASE) private readonly db: Database) {}

  /** Many events in one statement (an import's batch). */
  async appendMany(events: AuditEvent[]): Promise<void> {
    if (events.length === 0) return;
    await this.db.insert(auditLog).values(events.map(rowOf));
  }

  async append(event: AuditEvent): Promise<void> {
    await this.db.insert(auditLog).values(rowOf(event));
  }

  /**
   * A page of the log, newest first, and its total: the maintained count when nothing filters
   * (ADR 0094), else a count of the matches through their index up to EXACT_TOTAL_MAX (or the
   * page's end, when further), past which it is a lower bound as on the other lists: a month of
   * a busy firm's changes grows with its book (ADR 0154). Side by side when they can be (ADR
   * 0089).
   */
  async search(
    filters: AuditFilters,
    page: { offset: number; limit: number },
    viewer?: string,
  ): Promise<{ rows: AuditRow[] } & ListTotal> {
    const { conditions, filtered } = applyFilters(AUDIT_FILTERS, filters);
    // A mail about a staff account (an invitation, a reset) is its recipient's and the
    // administrators' alone: another reader's history leaves it out.
    if (viewer) {
      conditions.push(
        sql`NOT (${auditLog.recordType} = 'email' AND ${auditLog.data} @> '{"account_mail": true}'
                 AND lower(${auditLog.data}->>'to') <> lower(${viewer}))`,
      );
    }
    const where = and(...conditions);
    const readPage = () =>
      this.db
        .select()
        .from(auditLog)
        .where(where)
        .orderBy(desc(auditLog.at), desc(auditLog.id))
        .limit(page.limit)
        .offset(page.offset);
    const countMatches = async (): Promise<ListTotal> =>
      !filtered && !viewer
        ? { total: await this.appendedCount() }
        : countToBound(this.db, auditLog, where, page, EXACT_TOTAL_MAX);
    const { rows, count } = await readPageAndCount(
      this.db,
      page,
      countMatches,
      readPage,
      (counted) => counted.total,
    );
    return { rows, ...count };
  }

  /** Every row of the log, from the maintained shards' sum. */
  private async appendedCount(): Promise<number> {
    const [{ total }] = await this.db
      .select({ total: sql<number>`coalesce(sum(${auditLogCounts.total}), 0)::int` })
      .from(auditLogCounts);
    return total;
  }

  /** The record types whose deleted records an admin may restore. */
  async restorableTypes(): Promise<Set<string>> {
    const rows = await this.db
      .select({ recordType: auditRecordTypes.recordType })
      .from(auditRecordTypes)
      .where(eq(auditRecordTypes.restorable, true));
    return new Set(rows.map((row) => row.recordType));
  }

  /** Clears `deleted_at` of the record; false when it is not deleted or cannot be restored. */
  async restore(recordType: string, recordId: string): Promise<boolean> {
    const result = (await this.db.execute(
      sql`SELECT registra_restore(${recordType}, ${recordId}::uuid) AS restored`,
    )) as unknown as { rows: Array<{ restored: boolean }> };
    return result.rows[0]?.restored === true;
  }
}

/** A day filter's bound as the instant it starts (or, for an inclusive end, the next day starts) in Dublin. */
function instant(value: string, endOfDay: boolean): SQL {
  if (!isIsoDate(value)) {
    return endOfDay
      ? sql`${value}::timestamptz + interval '1 millisecond'`
      : sql`${value}::timestamptz`;
  }
  const day = endOfDay ? sql`(${value}::date + 1)` : sql`${value}::date`;
  return sql`(${day})::timestamp AT TIME ZONE ${FIRM_TIME_ZONE}`;
}
