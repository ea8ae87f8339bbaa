import { describe, expect, it } from 'vitest';
import { holdingsOf, isCurrentLink, percentageDisagreement, sharesHeld } from './shareholding';
import type { ShareEntry } from './types';

const entry = (
  date: string,
  kind: ShareEntry['kind'],
  shares: number,
  toPeopleId: string,
  fromPeopleId: string | null = null,
): ShareEntry => ({
  _id: `${date}-${toPeopleId}`,
  organizationId: 'o1',
  kind,
  date,
  shareClassId: 'c1',
  shares,
  toPeopleId,
  fromPeopleId,
  b5Due: null,
  createdAt: `${date}T09:00:00.000Z`,
  updatedAt: `${date}T09:00:00.000Z`,
});

// 100 allotted to A and 50 to B, then 30 moved from A to C.
const ENTRIES = [
  entry('2024-01-10', 'allotment', 100, 'A'),
  entry('2024-03-01', 'allotment', 50, 'B'),
  entry('2025-06-15', 'transfer', 30, 'C', 'A'),
];

describe('holdings from the share entries', () => {
  it.each([
    ['before any entry', '2024-01-09', { A: 0, B: 0, C: 0 }, 0],
    ['on the day of the first allotment', '2024-01-10', { A: 100, B: 0, C: 0 }, 100],
    ['after both allotments', '2025-06-14', { A: 100, B: 50, C: 0 }, 150],
    ['on the day of the transfer (it adds no share)', '2025-06-15', { A: 70, B: 50, C: 30 }, 150],
    ['with no date: every entry', undefined, { A: 70, B: 50, C: 30 }, 150],
  ])('%s (%s)', (_, asOf, held, issued) => {
    const holdings = holdingsOf(ENTRIES, asOf);
    for (const [person, shares] of Object.entries(held)) {
      expect(holdings.byPerson.get(person) ?? 0).toBe(shares);
      expect(sharesHeld(ENTRIES, 'c1', person, asOf ?? '9999-12-31')).toBe(shares);
    }
    expect(holdings.issued).toBe(issued);
  });
});

describe('a stated beneficiary percentage against the shares held', () => {
  it.each([
    // stated %, shares held, shares issued, note
    [60, 60, 100, null],
    [33.33, 1, 3, null], // 33.333… read to two decimals
    [33.35, 1, 3, 'The shares held give 33.33 % (1 of 3), not the 33.35 % stated.'],
    [60, 400, 1000, 'The shares held give 40 % (400 of 1,000), not the 60 % stated.'],
    [25, 0, 100, 'The shares held give 0 % (0 of 100), not the 25 % stated.'],
    [50, 0, 0, null], // no share issued: nothing to compare with
  ])('%s per cent stated, %s of %s held → %s', (stated, held, issued, note) => {
    expect(percentageDisagreement(stated, held, issued)).toBe(note);
  });
});

describe('a link held on a day', () => {
  it.each([
    [null, '2026-11-28', true],
    [undefined, '2026-11-28', true],
    ['2026-11-29', '2026-11-28', true], // ends tomorrow: still held today
    ['2026-11-28', '2026-11-28', false], // ends today: a former member from today
    ['2025-01-01', '2026-11-28', false],
  ])('ceased on %s, on %s → current %s', (ceasedOn, today, current) => {
    expect(isCurrentLink({ ceasedOn }, today)).toBe(current);
  });
});
