// The benchmark's own tools: the large book's scale and the growth table that compares two runs.
import { GROWTH_GOAL, growthTable } from '../scripts/bench-growth';
import { scaleFrom } from '../scripts/large-book/support';

describe('seed:large -- --scale N', () => {
  it.each([
    [[], 1],
    [['--scale', '3'], 3],
    [['--scale=2'], 2],
  ])('%j → scale %i', (args, scale) => {
    expect(scaleFrom(['node', 'seed-large.ts', ...args])).toBe(scale);
  });

  it.each([[['--scale', '0']], [['--scale', '1.5']], [['--scale']], [['--scale=x']]])(
    '%j is refused',
    (args) => {
      expect(() => scaleFrom(['node', 'seed-large.ts', ...args])).toThrow(/--scale/);
    },
  );
});

describe('bench:growth', () => {
  const line = (scenario: string, apiP95: number, sqlP50: number, rows: number) => ({
    scenario,
    apiP50: apiP95 / 2,
    apiP95,
    sqlP50,
    sqlP95: sqlP50,
    queries: 1,
    rows,
  });

  it(`marks a line whose p95 grows more than ${GROWTH_GOAL}× and only that one`, () => {
    const table = growthTable(
      {
        book: { organizations: 100_000, people: 300_000 },
        server: { sharedBuffers: '2GB' },
        lines: [line('people: page 1', 10, 4, 300_000), line('people duplicates', 200, 190, 500)],
      },
      {
        book: { organizations: 300_000, people: 900_000 },
        server: { sharedBuffers: '2GB' },
        lines: [line('people: page 1', 14, 5, 900_000), line('people duplicates', 610, 600, 1500)],
      },
    );
    expect(table).toContain("Book 3.0× larger; PostgreSQL's shared buffers 2GB;");
    const rows = table.split('\n').filter((row) => row.startsWith('| people'));
    expect(rows).toEqual([
      '| people: page 1 | 10.0 | 14.0 | 1.40 | 1.25 | 3.0 |  |',
      '| people duplicates | 200.0 | 610.0 | 3.05 | 3.16 | 3.0 | grows (> 1.5×) |',
    ]);
  });
});
