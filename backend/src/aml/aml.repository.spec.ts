import { dublinStartOf } from './aml.repository';

describe('dublinStartOf: the instant a Dublin calendar day begins', () => {
  it.each([
    ['2026-01-15', '2026-01-15T00:00:00.000Z'], // winter: Irish time is UTC
    ['2026-07-15', '2026-07-14T23:00:00.000Z'], // summer: UTC+1
    ['2026-03-29', '2026-03-29T00:00:00.000Z'], // the clocks go forward at 01:00 UTC that day
    ['2026-10-25', '2026-10-24T23:00:00.000Z'], // the clocks go back at 01:00 UTC that day
  ])('%s begins at %s', (day, instant) => {
    expect(dublinStartOf(day).toISOString()).toBe(instant);
  });
});
