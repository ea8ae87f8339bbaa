import { describe, expect, it } from 'vitest';
import {
  createdDaysAgo,
  formatDashedDate,
  formatDate,
  formatDateTime,
  formatDeadline,
  parseDisplayDate,
  prepareDublinFormats,
} from './format';

describe('01-9.9 / 02-9.14 "Dates shown dd/MM/yyyy; date-time dd/MM/yyyy - hh:mm a"; "e-mail table dd-MM-yyyy" — in Europe/Dublin', () => {
  it.each([
    // A calendar date is a day: shown as written, whatever the zone.
    ['2026-11-21', '21/11/2026', '21-11-2026'],
    ['2026-01-05', '05/01/2026', '05-01-2026'],
    // A timestamp is shown as Dublin sees it: 23:30 UTC in summer is the next day there.
    ['2026-07-01T23:30:00.000Z', '02/07/2026', '02-07-2026'],
    ['2026-12-31T23:30:00.000Z', '31/12/2026', '31-12-2026'],
    [new Date('2026-07-01T23:30:00Z'), '02/07/2026', '02-07-2026'],
    ['', '', ''],
    [null, '', ''],
    [undefined, '', ''],
    ['not a date', '', ''],
  ])('%j → %j and %j', (value, slashed, dashed) => {
    expect(formatDate(value)).toBe(slashed);
    expect(formatDashedDate(value)).toBe(dashed);
  });

  it('made ahead of use (the web client prepares them while it waits), they give the same answers', () => {
    prepareDublinFormats();
    prepareDublinFormats();
    expect(formatDateTime('2026-07-01T23:30:00.000Z')).toBe('02/07/2026 - 12:30 AM');
    expect(formatDate('2026-12-31T23:30:00.000Z')).toBe('31/12/2026');
  });

  it.each([
    ['2026-11-21T15:05:00Z', '21/11/2026 - 03:05 PM'], // winter: UTC
    ['2026-07-01T15:05:00Z', '01/07/2026 - 04:05 PM'], // summer: UTC+1
    ['2026-07-01T23:30:00Z', '02/07/2026 - 12:30 AM'],
    ['2026-11-21T00:00:00Z', '21/11/2026 - 12:00 AM'],
    ['2026-11-21T12:00:00Z', '21/11/2026 - 12:00 PM'],
    [new Date('2026-03-29T01:30:00Z'), '29/03/2026 - 02:30 AM'], // just after the clocks go forward
    ['2026-11-21', '21/11/2026 - 12:00 AM'],
    [null, ''],
    ['garbage', ''],
  ])('%j → %j', (value, text) => {
    expect(formatDateTime(value)).toBe(text);
  });
});

describe('dashboard wording', () => {
  it.each([
    ['2026-11-30', '30/11/2026'],
    [null, 'No deadline'],
    ['', 'No deadline'],
  ])('deadline %j reads %j ("the deadline (or \'No deadline\')")', (deadline, text) => {
    expect(formatDeadline(deadline)).toBe(text);
  });

  const now = new Date('2026-11-21T10:00:00Z');
  it.each([
    ['2026-11-21T09:00:00Z', 'Created 0 days ago'],
    ['2026-11-20T23:59:00Z', 'Created 1 day ago'],
    ['2026-11-01T12:00:00Z', 'Created 20 days ago'],
    [new Date('2025-11-21T12:00:00Z'), 'Created 365 days ago'],
    ['2026-11-22T12:00:00Z', 'Created 0 days ago'], // a clock ahead never reads negative
    ['garbage', ''],
  ])('%j → "%s"', (createdAt, text) => {
    expect(createdDaysAgo(createdAt, now)).toBe(text);
  });

  it('counts from the real now by default', () => {
    expect(createdDaysAgo(new Date())).toBe('Created 0 days ago');
  });
});

describe('parseDisplayDate: dates typed day first, as the firm writes them', () => {
  it.each([
    ['31/03/2026', '2026-03-31'],
    ['1/3/2026', '2026-03-01'],
    ['31-03-2026', '2026-03-31'],
    ['31.03.2026', '2026-03-31'],
    ['31032026', '2026-03-31'],
    [' 29/02/2028 ', '2028-02-29'],
    ['29/02/2026', null],
    ['31/04/2026', null],
    ['03/31/2026', null],
    ['2026-03-31', null],
    ['31/03/26', null],
    ['', null],
    ['tomorrow', null],
  ])('%j → %j', (text, expected) => {
    expect(parseDisplayDate(text)).toBe(expected);
  });
});
