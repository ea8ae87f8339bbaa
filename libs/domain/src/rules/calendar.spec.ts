import { describe, expect, it } from 'vitest';
import {
  CALENDAR_KINDS,
  CALENDAR_MAX_RANGE_DAYS,
  ardRangeForFilingDeadlines,
  CALENDAR_FEED_DAYS_AFTER,
  calendarEventUid,
  calendarFeedEnd,
  calendarItemPath,
  calendarRangeError,
  defaultOverviewPeriod,
  OVERVIEW_MAX_RANGE_DAYS,
  overviewRangeError,
  calendarState,
  filingDeadline,
  isCalendarKind,
  parseCalendarKinds,
} from './calendar';

describe('calendar kinds: ard, filingDeadline, b1b73, corporationTax, amlReview, followUpDeadline, subscriptionDue, and the CRO clocks b10, b2, b5', () => {
  it('has the ten kinds of the API', () => {
    expect(CALENDAR_KINDS).toEqual([
      'ard',
      'filingDeadline',
      'b1b73',
      'corporationTax',
      'amlReview',
      'followUpDeadline',
      'subscriptionDue',
      'b10',
      'b2',
      'b5',
    ]);
    expect(isCalendarKind('ard')).toBe(true);
    expect(isCalendarKind('task')).toBe(false);
  });

  it.each([
    [undefined, [...CALENDAR_KINDS]],
    ['', [...CALENDAR_KINDS]],
    ['ard', ['ard']],
    ['amlReview, ard', ['ard', 'amlReview']],
    ['ard,ard', ['ard']],
    ['ard,nope', null],
  ])('kinds %j → %j', (value, kinds) => {
    expect(parseCalendarKinds(value)).toEqual(kinds);
  });
});

describe('state: overdue before today, due within 7 days (today included), later', () => {
  it.each([
    ['2026-11-24', 'overdue'],
    ['2026-11-25', 'dueSoon'],
    ['2026-12-02', 'dueSoon'], // today + 7
    ['2026-12-03', 'later'], // today + 8
  ])('%s on 2026-11-25 is %s', (date, state) => {
    expect(calendarState(date, '2026-11-25')).toBe(state);
  });
});

describe('"the filing deadline 56 days after" the ARD', () => {
  it.each([
    ['2026-01-01', '2026-02-26'],
    ['2026-11-30', '2027-01-25'],
    ['2028-01-10', '2028-03-06'], // across 29 February
  ])('ARD %s → filing deadline %s', (ard, deadline) => {
    expect(filingDeadline(ard)).toBe(deadline);
  });

  it('reads the ARDs 56 days before the range to find its filing deadlines', () => {
    expect(ardRangeForFilingDeadlines('2026-02-26', '2027-01-25')).toEqual([
      '2026-01-01',
      '2026-11-30',
    ]);
  });
});

describe('a request covers at most 366 days', () => {
  it.each([
    ['2026-01-01', '2026-01-01', null],
    ['2026-01-01', '2026-12-31', null], // 365 days
    ['2028-01-01', '2028-12-31', null], // 366 days (leap year)
    ['2026-01-01', '2027-01-01', null], // 366 days
    ['2026-01-01', '2027-01-02', `The range covers at most ${CALENDAR_MAX_RANGE_DAYS} days`],
    ['2026-02-01', '2026-01-31', 'to must not be before from'],
    ['2026-02-30', '2026-03-01', 'from and to must be dates (YYYY-MM-DD)'],
    [undefined, '2026-03-01', 'from and to must be dates (YYYY-MM-DD)'],
  ])('%s → %s: %j', (from, to, error) => {
    expect(calendarRangeError(from, to)).toBe(error);
  });
});

describe('an item opens the organization tab that holds its date', () => {
  it.each([
    ['ard', '/organization/o1/ACCOUNTING_TAB'],
    ['filingDeadline', '/organization/o1/ACCOUNTING_TAB'],
    ['b1b73', '/organization/o1/ACCOUNTING_TAB'],
    ['corporationTax', '/organization/o1/ACCOUNTING_TAB'],
    ['amlReview', '/organization/o1/AML_TAB'],
    ['followUpDeadline', '/organization/o1/FOLLOW_UP_BETA_TAB'],
    ['subscriptionDue', '/organization/o1/SERVICE_TAB_BETA'],
    ['b10', '/organization/o1/FOLLOW_UP_BETA_TAB'],
    ['b2', '/organization/o1/FOLLOW_UP_BETA_TAB'],
    ['b5', '/organization/o1/REGISTERS_TAB'],
  ] as const)('%s → %s', (kind, path) => {
    expect(calendarItemPath({ kind, organizationId: 'o1' })).toBe(path);
  });
});

describe('calendar feeds: every overdue item, whatever its age, and the next 335 days', () => {
  it.each([
    ['2026-11-25', '2027-10-26'],
    ['2028-02-29', '2029-01-29'],
  ])('fetched on %s, a feed ends on %s', (today, end) => {
    expect(CALENDAR_FEED_DAYS_AFTER).toBe(335);
    expect(calendarFeedEnd(today)).toBe(end);
  });

  it('names the obligation, not its date', () => {
    expect(calendarEventUid({ kind: 'ard', recordId: 'o1' })).toBe('ard-o1@registra');
  });
});

describe('the overview: the next 12 months by default, at most 731 days', () => {
  it.each([
    ['2026-11-25', { from: '2026-11-01', to: '2027-10-31' }],
    ['2028-02-29', { from: '2028-02-01', to: '2029-01-31' }],
  ])('on %s the period is %j', (today, period) => {
    expect(defaultOverviewPeriod(today)).toEqual(period);
  });

  it.each([
    ['2026-01-01', '2027-12-31', null], // 730 days
    ['2027-01-01', '2028-12-31', null], // 731 days (leap year)
    ['2026-01-01', '2028-01-02', 'The period covers at most 731 days'],
    ['2026-02-01', '2026-01-01', 'to must not be before from'],
    ['x', '2026-01-01', 'from and to must be dates (YYYY-MM-DD)'],
  ])('%s → %s: %j', (from, to, error) => {
    expect(overviewRangeError(from, to)).toBe(error);
    expect(OVERVIEW_MAX_RANGE_DAYS).toBe(731);
  });
});
