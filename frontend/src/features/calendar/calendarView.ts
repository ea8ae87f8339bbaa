import {
  addDays,
  addMonths,
  CALENDAR_KINDS,
  type CalendarItem,
  type CalendarKind,
  parseCalendarKinds,
} from '@registra/domain';
import { MONTH_NAMES } from '../../components/DateField';

/** What the calendar shows, all of it kept in the address so a view can be bookmarked. */
export interface CalendarView {
  view: 'month' | 'agenda';
  /** The month shown, YYYY-MM. */
  month: string;
  kinds: CalendarKind[];
  /** 'mine' (the default), '' for everybody, or a user's id. */
  user: string;
  /**
   * Whether the address names the user (`user=`): the default 'mine' gives way to everybody when
   * nothing in the book is assigned to the signed-in user; a choice never does.
   */
  userChosen: boolean;
  userName: string;
  organizationId: string;
  organizationName: string;
}

const MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;

/**
 * Reads the view from the address; anything missing or wrong falls back to its default. The view
 * itself defaults to the month, and to the agenda on a phone held upright (`defaultView`), where
 * seven columns leave a few letters per entry.
 */
export function readCalendarView(
  params: URLSearchParams,
  today: string,
  defaultView: CalendarView['view'] = 'month',
): CalendarView {
  const view = params.get('view');
  const month = params.get('month') ?? '';
  const user = params.get('user');
  return {
    view: view === 'agenda' || view === 'month' ? view : defaultView,
    month: MONTH.test(month) ? month : today.slice(0, 7),
    kinds: parseCalendarKinds(params.get('kinds')) ?? [...CALENDAR_KINDS],
    user: user === null ? 'mine' : user === 'all' ? '' : user,
    userChosen: user !== null,
    userName: params.get('userName') ?? '',
    organizationId: params.get('organizationId') ?? '',
    organizationName: params.get('organizationName') ?? '',
  };
}

/** The address of a view: only what differs from the defaults. */
export function calendarViewParams(
  view: CalendarView,
  today: string,
  defaultView: CalendarView['view'] = 'month',
): URLSearchParams {
  const params = new URLSearchParams();
  if (view.view !== defaultView) params.set('view', view.view);
  if (view.month !== today.slice(0, 7)) params.set('month', view.month);
  if (view.kinds.length !== CALENDAR_KINDS.length) params.set('kinds', view.kinds.join(','));
  if (view.userChosen || view.user !== 'mine') {
    params.set('user', view.user || 'all');
    if (view.user && view.user !== 'mine' && view.userName) params.set('userName', view.userName);
  }
  if (view.organizationId) {
    params.set('organizationId', view.organizationId);
    if (view.organizationName) params.set('organizationName', view.organizationName);
  }
  return params;
}

/** The weeks of the month grid, Monday first: whole weeks around the month's days. */
export function monthGrid(month: string): string[][] {
  const first = `${month}-01`;
  const weekday = (new Date(`${first}T00:00:00Z`).getUTCDay() + 6) % 7; // Monday 0
  const last = addDays(addMonths(first, 1), -1);
  const weeks: string[][] = [];
  let day = addDays(first, -weekday);
  while (day <= last) {
    const week: string[] = [];
    for (let i = 0; i < 7; i += 1) {
      week.push(day);
      day = addDays(day, 1);
    }
    weeks.push(week);
  }
  return weeks;
}

/** The days the API is asked for: the grid's (month view) or the month's (agenda). */
export function calendarRange(view: Pick<CalendarView, 'view' | 'month'>): {
  from: string;
  to: string;
} {
  if (view.view === 'month') {
    const weeks = monthGrid(view.month);
    return { from: weeks[0][0], to: weeks[weeks.length - 1][6] };
  }
  const from = `${view.month}-01`;
  return { from, to: addDays(addMonths(from, 1), -1) };
}

export const shiftMonth = (month: string, by: number): string =>
  addMonths(`${month}-01`, by).slice(0, 7);

/** "November 2026". */
export const monthTitle = (month: string): string =>
  `${MONTH_NAMES[Number(month.slice(5, 7)) - 1]} ${month.slice(0, 4)}`;

/** The item's colour: the product's red for past dates and amber within 7 days. */
export const STATE_CLASS: Readonly<Record<CalendarItem['state'], string>> = {
  overdue: 'text-danger fw-semibold',
  dueSoon: 'deadline-soon fw-semibold',
  later: '',
};
