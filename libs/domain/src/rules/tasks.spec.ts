import { describe, expect, it } from 'vitest';
import { taskColumnVisibleCount, taskEmailRecipients } from './tasks';

describe('02-9.7 "task columns 7 cards initially, +10 per \'Show More\'"', () => {
  it.each([
    [0, 7],
    [1, 17],
    [3, 37],
    [-1, 7],
  ])('after %i clicks: %i cards', (clicks, cards) => {
    expect(taskColumnVisibleCount(clicks)).toBe(cards);
  });
});

describe("02-5.6 \"Sending e-mail with no users gives 'Please add at least one user'. With none having a valid recipient, 'No valid email recipients'.\"", () => {
  it.each([
    [[], { ok: false, message: 'Please add at least one user' }],
    [
      [{ email: null }, { email: 'not-an-address' }],
      { ok: false, message: 'No valid email recipients' },
    ],
    [
      [{ email: 'ann@firm.ie' }, { email: ' ann@firm.ie ' }, { email: 'bob@firm.ie' }, {}],
      { ok: true, recipients: ['ann@firm.ie', 'bob@firm.ie'] },
    ],
  ])('users %j → %j', (users, expected) => {
    expect(taskEmailRecipients(users)).toEqual(expected);
  });
});
