import type { SQL } from 'drizzle-orm';
import { Injectable } from '@nestjs/common';
import {
  CALENDAR_KIND_LABELS,
  CALENDAR_MAX_ITEMS,
  type CalendarItem,
  type CalendarKind,
  calendarRangeError,
  calendarState,
  followUpDefinition,
  isFollowUpType,
  parseCalendarKinds,
  todayInDublin,
} from '@registra/domain';
import { validationError } from '../platform/errors/app-exception';
import type { CalendarQueryDto } from './dto/calendar.dto';
import { CalendarRepository, type CalendarFilter, type CalendarRow } from './calendar.repository';

/** A request's filters once checked: what the repository and the feeds read. */
export interface CalendarRequest {
  /** null: no first day (the feeds read every item still overdue). */
  from: string | null;
  to: string;
  kinds: CalendarKind[];
  userId?: string;
  organizationId?: string;
}

/** The item's title: its kind, and what tells two of a kind apart (never a person's name). */
export function calendarTitle(row: Pick<CalendarRow, 'kind' | 'detail'>): string {
  const label = CALENDAR_KIND_LABELS[row.kind];
  switch (row.kind) {
    case 'followUpDeadline':
      return row.detail && isFollowUpType(row.detail)
        ? `${followUpDefinition(row.detail).displayName}: deadline`
        : label;
    case 'b10':
    case 'b2':
      return row.detail && isFollowUpType(row.detail)
        ? `${followUpDefinition(row.detail).displayName}: ${label}`
        : label;
    case 'amlReview':
      return row.detail ? `${label} (${row.detail} risk)` : label;
    case 'subscriptionDue':
      return row.detail ? `${row.detail}: payment due` : label;
    case 'filingDeadline':
      return `${label} (ARD + 56 days)`;
    default:
      return label;
  }
}

@Injectable()
export class CalendarService {
  constructor(private readonly repository: CalendarRepository) {}

  /**
   * The obligations of a range as a SQL source (one row per dated obligation), for another
   * context's statement to count them (the overview's charts) in one round trip.
   */
  obligationsSource(filter: Omit<CalendarFilter, 'limit'>): SQL {
    return this.repository.obligationsSource(filter);
  }

  /** Checks the range (≤ 366 days) and the kinds; 'mine' is the signed-in user. */
  request(query: CalendarQueryDto, signedInUserId: string): CalendarRequest {
    const rangeError = calendarRangeError(query.from, query.to);
    if (rangeError) throw validationError([{ field: 'to', message: rangeError }], rangeError);
    const kinds = parseCalendarKinds(query.kinds);
    if (!kinds) {
      throw validationError([{ field: 'kinds', message: 'Unknown kind of obligation' }]);
    }
    return {
      from: query.from,
      to: query.to,
      kinds,
      userId: query.user === 'mine' ? signedInUserId : query.user,
      organizationId: query.organizationId,
    };
  }

  /** Whether anything in the book is assigned to the user, whatever its date. */
  anythingAssigned(userId: string): Promise<boolean> {
    return this.repository.anythingAssigned(userId);
  }

  async items(
    request: CalendarRequest,
    now = new Date(),
  ): Promise<{ items: CalendarItem[]; truncated: boolean }> {
    const rows = await this.repository.obligations({ ...request, limit: CALENDAR_MAX_ITEMS + 1 });
    const today = todayInDublin(now);
    const items = rows.slice(0, CALENDAR_MAX_ITEMS).map((row): CalendarItem => ({
      kind: row.kind,
      date: row.date,
      state: calendarState(row.date, today),
      recordType: row.recordType,
      recordId: row.recordId,
      organizationId: row.organizationId,
      organizationName: row.organizationName,
      title: calendarTitle(row),
      assignedTo: row.assignedTo,
    }));
    return { items, truncated: rows.length > CALENDAR_MAX_ITEMS };
  }
}
