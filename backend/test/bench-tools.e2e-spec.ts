// The benchmark's own tools: the large book's scale and the growth table that compares two runs.
import { GROWTH_GOAL, bestOf, growthTable } from '../scripts/bench-growth';
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
  const line = (
    scenario: string,
    apiP95: number,
    sqlP50: number,
    rows: number,
    extra: { bytes?: number; wholeRange?: true } = {},
  ) => ({
    scenario,
    apiP50: apiP95 / 2,
    apiP95,
    sqlP50,
    sqlP95: sqlP50,
    queries: 1,
    rows,
    ...extra,
  });
  const book = (organizations: number) => ({ organizations, people: organizations * 3 });
  const server = { sharedBuffers: '2GB' };

  it(`marks an interactive line whose p95 grows more than ${GROWTH_GOAL}× and only that one`, () => {
    // Each line on the smaller book, then on the one three times larger: p95, SQL p50, rows, bytes.
    const lines: [string, number[], number[], number[], number[] | undefined, boolean][] = [
      ['people: page 1', [10, 14], [4, 5], [300_000, 900_000], [9_000, 9_000], false],
      ['people: search', [10, 16], [4, 4], [20, 20], undefined, false],
      ['orders: export', [200, 610], [190, 600], [500, 1500], [50_000, 150_000], true],
    ];
    const run = (size: 0 | 1) => ({
      book: book([100_000, 300_000][size]),
      server,
      lines: lines.map(([name, p95, sqlP50, rows, bytes, wholeRange]) =>
        line(name, p95[size], sqlP50[size], rows[size], {
          ...(bytes ? { bytes: bytes[size] } : {}),
          ...(wholeRange ? { wholeRange: true as const } : {}),
        }),
      ),
    });
    const table = growthTable(run(0), run(1));
    expect(table).toContain(
      "Book 3.0× larger; PostgreSQL's shared buffers 2GB; one run at each size;",
    );
    expect(table.split('\n').filter((row) => /^\| (people|orders)/.test(row))).toEqual([
      '| people: page 1 | 10.0 | 14.0 | 1.40 | 1.25 | 3.0 | 1.0 |  |',
      '| people: search | 10.0 | 16.0 | 1.60 | 1.00 | 1.0 |  | grows (> 1.5×) |',
      '| orders: export | 200.0 | 610.0 | 3.05 | 3.16 | 3.0 | 3.0 | reads a whole range |',
    ]);
    expect(table).toContain('1 of 2 interactive lines grow more than 1.5×.');
  });

  it("keeps, of several runs on one book, each line's lowest p95 and lowest SQL p50", () => {
    const run = (apiP95: number, sqlP50: number) => ({
      book: book(100_000),
      server,
      lines: [line('tasks: search "cro"', apiP95, sqlP50, 40)],
    });
    expect(bestOf([run(9, 3), run(6, 4), run(12, 2)]).lines[0]).toMatchObject({
      apiP95: 6,
      sqlP50: 2,
    });
    const table = growthTable([run(9, 3), run(6, 4)], [run(12, 5), run(8, 6)]);
    expect(table).toContain('the best of 2 and 2 runs');
    expect(table).toContain('| tasks: search "cro" | 6.0 | 8.0 | 1.33 | 1.67 | 1.0 |  |  |');
  });
});
