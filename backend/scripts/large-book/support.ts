/** What every part of the large book shares: sizes, batching, creation dates. */
import type { Database } from '../../src/platform/database/database';

// PostgreSQL takes at most 65535 parameters per statement: 1000 organizations use about 36k.
export const BATCH = 1000;

/**
 * `npm run seed:large -- --scale N`: every default size times N (default 1), so the bench can be
 * run on books of growing size and its lines compared (docs/benchmarks.md, how cost grows).
 */
export const SCALE = scaleFrom(process.argv);

export function scaleFrom(argv: readonly string[]): number {
  const at = argv.findIndex((arg) => arg === '--scale' || arg.startsWith('--scale='));
  if (at < 0) return 1;
  const raw = argv[at].includes('=') ? argv[at].split('=')[1] : argv[at + 1];
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 1) throw new Error('--scale must be a whole number ≥ 1');
  return value;
}

/** A size: its SEED_* variable when set, else the default times the scale. */
export function sizeFrom(name: string, fallback: number): number {
  const raw = process.env[name];
  if (!raw) return fallback * SCALE;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0) throw new Error(`${name} must be a whole number`);
  return value;
}

/** The book's sizes; each part reads its own (SEED_* environment variables override them). */
export const BOOK = {
  organizations: sizeFrom('SEED_ORGANIZATIONS', 100_000),
  people: sizeFrom('SEED_PEOPLE', 300_000),
  links: sizeFrom('SEED_LINKS', 400_000),
};

export async function inBatches(
  label: string,
  total: number,
  insert: (from: number, to: number) => Promise<void>,
  batch = BATCH,
) {
  const started = Date.now();
  for (let from = 0; from < total; from += batch) {
    await insert(from, Math.min(total, from + batch));
    process.stdout.write(`\r${label}: ${Math.min(total, from + batch)}/${total}`);
  }
  process.stdout.write(` (${((Date.now() - started) / 1000).toFixed(1)} s)\n`);
}

/** Creation dates spread over six years from 2020, in row order. */
export const createdAt = (i: number, total: number) =>
  new Date(Date.UTC(2020, 0, 1) + Math.floor((i / total) * 6 * 365 * 86400_000));

/**
 * One context's rows of the large book. `seed` must be idempotent (deterministic ids, ON
 * CONFLICT DO NOTHING); `tables` are vacuumed and analysed afterwards.
 */
export interface LargeBookPart {
  name: string;
  tables: string[];
  seed(db: Database): Promise<void>;
}
