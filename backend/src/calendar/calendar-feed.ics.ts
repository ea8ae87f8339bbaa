import {
  CALENDAR_KIND_LABELS,
  type CalendarItem,
  calendarEventUid,
  calendarItemPath,
} from '@registra/domain';
import ical from 'ical-generator';

/**
 * The feed as iCalendar (RFC 5545): one all-day event per obligation, its UID the obligation's
 * (a moved date moves the event), a link back to the record, and nothing about people: the
 * company's name and the kind only (ADR 0107).
 */
export function calendarFeedIcs(items: CalendarItem[], appUrl: string, now = new Date()): string {
  const calendar = ical({
    name: 'Registra obligations',
    prodId: { company: 'Registra', product: 'Compliance calendar', language: 'EN' },
    ttl: 60 * 60 * 6,
  });
  for (const item of items) {
    const url = `${appUrl}${calendarItemPath(item)}`;
    calendar.createEvent({
      id: calendarEventUid(item),
      start: new Date(`${item.date}T00:00:00Z`),
      allDay: true,
      stamp: now,
      summary: `${item.organizationName}: ${item.title}`,
      description: `${CALENDAR_KIND_LABELS[item.kind]}\n${url}`,
      url,
    });
  }
  return calendar.toString();
}
