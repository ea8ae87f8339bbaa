import { Inject, Injectable, OnModuleInit } from '@nestjs/common';
import {
  CALENDAR_KINDS,
  type CalendarFeedScope,
  type CalendarFeedView,
  type CalendarKind,
  calendarFeedEnd,
  todayInDublin,
} from '@registra/domain';
import { createHash, randomBytes } from 'node:crypto';
import { APP_CONFIG } from '../platform/config/app-config';
import type { AppConfig } from '../platform/config/app-config';
import { notFound } from '../platform/errors/app-exception';
import { AccountDeactivation } from '../platform/ports/account-deactivation';
import { calendarFeedIcs } from './calendar-feed.ics';
import { CalendarFeedsRepository } from './calendar-feeds.repository';
import type { CalendarFeedRow } from './calendar.schema';
import { CalendarService } from './calendar.service';

/** 32 random bytes, URL-safe: the feed address's secret. */
const newToken = (): string => randomBytes(32).toString('base64url');
const TOKEN = /^[A-Za-z0-9_-]{43}$/;
export const hashFeedToken = (token: string): string =>
  createHash('sha256').update(token).digest('hex');

const toView = (row: CalendarFeedRow): CalendarFeedView => ({
  _id: row.id,
  scope: row.scope,
  kinds: row.kinds.length ? row.kinds : [...CALENDAR_KINDS],
  createdAt: row.createdAt.toISOString(),
  lastFetchedAt: row.lastFetchedAt ? row.lastFetchedAt.toISOString() : null,
});

/** Private iCalendar feeds of the calendar (ADR 0107). */
@Injectable()
export class CalendarFeedsService implements OnModuleInit {
  constructor(
    private readonly repository: CalendarFeedsRepository,
    private readonly calendar: CalendarService,
    private readonly deactivation: AccountDeactivation,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  onModuleInit(): void {
    // A feed's address is access without a session: it dies with its owner's account (a
    // reactivated account makes a new one).
    this.deactivation.register((userId) => this.repository.revokeAllOf(userId));
  }

  /** A new feed; its address is answered now and never again (only its hash is kept). */
  async create(
    userId: string,
    scope: CalendarFeedScope,
    kinds: CalendarKind[] | undefined,
  ): Promise<CalendarFeedView & { url: string }> {
    const token = newToken();
    const chosen = CALENDAR_KINDS.filter((kind) => kinds?.includes(kind));
    const row = await this.repository.create({
      userId,
      tokenHash: hashFeedToken(token),
      scope,
      kinds: chosen.length === CALENDAR_KINDS.length ? [] : chosen,
    });
    return { ...toView(row), url: `${this.config.appUrl}/api/calendar/feed/${token}.ics` };
  }

  async list(userId: string): Promise<CalendarFeedView[]> {
    return (await this.repository.listActive(userId)).map(toView);
  }

  async revoke(userId: string, id: string): Promise<void> {
    if (!(await this.repository.revoke(userId, id))) throw notFound('Calendar feed');
  }

  /** The feed of `<token>.ics`: unknown, revoked, or whose owner is not active → 404. */
  async ics(file: string, now = new Date()): Promise<string> {
    const token = file.endsWith('.ics') ? file.slice(0, -4) : '';
    if (!TOKEN.test(token)) throw notFound('Calendar feed');
    const feed = await this.repository.fetchedByHash(hashFeedToken(token));
    if (!feed) throw notFound('Calendar feed');
    // Every item still overdue, however old, then the window ahead.
    const { items } = await this.calendar.items(
      {
        from: null,
        to: calendarFeedEnd(todayInDublin(now)),
        kinds: feed.kinds.length ? feed.kinds : [...CALENDAR_KINDS],
        userId: feed.scope === 'mine' ? feed.userId : undefined,
      },
      now,
    );
    return calendarFeedIcs(items, this.config.appUrl, now);
  }
}
