/**
 * `npm run bench:growth -- <smaller.json> <larger.json>`: how each bench line grows with the book.
 * Reads two tables written by `BENCH_RESULTS=<file> npm run bench` on books of two sizes (`npm
 * run seed:large -- --scale N`) and prints them side by side as a Markdown table, with the ratio
 * of the API's p95 and of the SQL's p50. A line whose p95 grows more than GROWTH_GOAL times is
 * marked: an index-backed page should not grow with the book (docs/benchmarks.md).
 */
import { readFileSync } from 'node:fs';
import type { BenchLine } from './bench';

export const GROWTH_GOAL = 1.5;

interface BenchResults {
  book: { organizations: number; people: number };
  /** PostgreSQL's settings during the run (older results have none). */
  server?: { sharedBuffers: string };
  lines: BenchLine[];
}

export function growthTable(smaller: BenchResults, larger: BenchResults): string {
  const scale = (larger.book.organizations / Math.max(1, smaller.book.organizations)).toFixed(1);
  const header = [
    `| line | p95 (${smaller.book.organizations} org.) | p95 (${larger.book.organizations} org.) | p95 × | SQL p50 × | rows × | |`,
    '| --- | ---: | ---: | ---: | ---: | ---: | --- |',
  ];
  const byName = new Map(larger.lines.map((line) => [line.scenario, line]));
  const ratio = (a: number, b: number) => (a > 0 ? b / a : 1);
  const rows = smaller.lines.flatMap((line) => {
    const other = byName.get(line.scenario);
    if (!other) return [];
    const p95 = ratio(line.apiP95, other.apiP95);
    return [
      `| ${line.scenario} | ${line.apiP95.toFixed(1)} | ${other.apiP95.toFixed(1)} | ${p95.toFixed(2)} | ${ratio(line.sqlP50, other.sqlP50).toFixed(2)} | ${ratio(line.rows, other.rows).toFixed(1)} | ${p95 > GROWTH_GOAL ? `grows (> ${GROWTH_GOAL}×)` : ''} |`,
    ];
  });
  const buffers = [smaller, larger].map((run) => run.server?.sharedBuffers ?? 'not recorded');
  const caption = `Book ${scale}× larger; PostgreSQL's shared buffers ${buffers[0] === buffers[1] ? buffers[0] : buffers.join(' then ')}; milliseconds.`;
  return [caption, '', ...header, ...rows].join('\n');
}

function main(): void {
  const [smallerFile, largerFile] = process.argv.slice(2);
  if (!smallerFile || !largerFile) {
    console.error('usage: npm run bench:growth -- <smaller.json> <larger.json>');
    process.exit(1);
  }
  const read = (file: string) => JSON.parse(readFileSync(file, 'utf8')) as BenchResults;
  console.log(growthTable(read(smallerFile), read(largerFile)));
}

if (require.main === module) main();
