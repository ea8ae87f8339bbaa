/**
 * `npm run bench:growth -- <smaller.json>[,<another run>…] <larger.json>[,…]`: how each bench
 * line grows with the book. Reads tables written by `BENCH_RESULTS=<file> npm run bench` on books
 * of two sizes (`npm run seed:large -- --scale N`) and prints them side by side as a Markdown
 * table, with the ratio of the API's p95, of the SQL's p50 and of the answer's size. Given several
 * runs of one size, each line keeps its lowest p95 and its lowest SQL p50 of those runs: on a
 * 2-core VM noise only ever adds time, and a line of a few milliseconds moved by half from one
 * run to the next (ADR 0154). An interactive line whose p95 grows more than GROWTH_GOAL times is
 * marked; a whole-range read (an export, a year, everybody's overview) grows with what it reads.
 */
import { readFileSync } from 'node:fs';
import type { BenchLine } from './bench';

export const GROWTH_GOAL = 1.5;

export interface BenchResults {
  book: { organizations: number; people: number };
  /** PostgreSQL's settings during the run (older results have none). */
  server?: { sharedBuffers: string };
  lines: BenchLine[];
}

/** Several runs on one book as one: each line's lowest p95 and lowest SQL p50 of the runs. */
export function bestOf(runs: BenchResults[]): BenchResults & { runs: number } {
  const [first, ...others] = runs;
  const lines = first.lines.map((line) => {
    const same = others.flatMap((run) => run.lines.filter((l) => l.scenario === line.scenario));
    return {
      ...line,
      apiP95: Math.min(line.apiP95, ...same.map((l) => l.apiP95)),
      sqlP50: Math.min(line.sqlP50, ...same.map((l) => l.sqlP50)),
    };
  });
  return { ...first, lines, runs: runs.length };
}

export function growthTable(
  smallerRuns: BenchResults | BenchResults[],
  largerRuns: BenchResults | BenchResults[],
): string {
  const smaller = bestOf([smallerRuns].flat());
  const larger = bestOf([largerRuns].flat());
  const scale = (larger.book.organizations / Math.max(1, smaller.book.organizations)).toFixed(1);
  const header = [
    `| line | p95 (${smaller.book.organizations} org.) | p95 (${larger.book.organizations} org.) | p95 × | SQL p50 × | rows × | answer × | |`,
    '| --- | ---: | ---: | ---: | ---: | ---: | ---: | --- |',
  ];
  const byName = new Map(larger.lines.map((line) => [line.scenario, line]));
  const ratio = (a: number, b: number) => (a > 0 ? b / a : 1);
  let interactive = 0;
  let grown = 0;
  const rows = smaller.lines.flatMap((line) => {
    const other = byName.get(line.scenario);
    if (!other) return [];
    const p95 = ratio(line.apiP95, other.apiP95);
    const answer =
      line.bytes !== undefined && other.bytes !== undefined
        ? ratio(line.bytes, other.bytes).toFixed(1)
        : '';
    let verdict = '';
    if (line.wholeRange) verdict = 'reads a whole range';
    else {
      interactive += 1;
      if (p95 > GROWTH_GOAL) {
        grown += 1;
        verdict = `grows (> ${GROWTH_GOAL}×)`;
      }
    }
    return [
      `| ${line.scenario} | ${line.apiP95.toFixed(1)} | ${other.apiP95.toFixed(1)} | ${p95.toFixed(2)} | ${ratio(line.sqlP50, other.sqlP50).toFixed(2)} | ${ratio(line.rows, other.rows).toFixed(1)} | ${answer} | ${verdict} |`,
    ];
  });
  const buffers = [smaller, larger].map((run) => run.server?.sharedBuffers ?? 'not recorded');
  const runs =
    smaller.runs === 1 && larger.runs === 1
      ? 'one run at each size'
      : `the best of ${smaller.runs} and ${larger.runs} runs`;
  const caption = `Book ${scale}× larger; PostgreSQL's shared buffers ${buffers[0] === buffers[1] ? buffers[0] : buffers.join(' then ')}; ${runs}; milliseconds.`;
  const summary = `${grown} of ${interactive} interactive lines grow more than ${GROWTH_GOAL}×.`;
  return [caption, '', ...header, ...rows, '', summary].join('\n');
}

function main(): void {
  const [smallerFiles, largerFiles] = process.argv.slice(2);
  if (!smallerFiles || !largerFiles) {
    console.error(
      'usage: npm run bench:growth -- <smaller.json>[,<smaller run 2>…] <larger.json>[,…]',
    );
    process.exit(1);
  }
  const read = (files: string) =>
    files.split(',').map((file) => JSON.parse(readFileSync(file, 'utf8')) as BenchResults);
  console.log(growthTable(read(smallerFiles), read(largerFiles)));
}

if (require.main === module) main();
