import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * A committed migration never changes: a database that already ran it would never run it again,
 * so an edit would leave the firms' databases and a fresh one different. The manifest holds each
 * committed migration's SHA-256, one `<hash>  <file>` line each (the format of sha256sum); a new
 * migration is added to it (`npm run db:freeze -w @registra/backend`) when it is committed, and a
 * line is never rewritten.
 */
export const FROZEN_MANIFEST = 'frozen-migrations.sha256';

export interface MigrationCheck {
  /** Migrations of the journal whose content differs from the hash they were committed with. */
  changed: string[];
  /** Migrations of the manifest that are no longer there. */
  missing: string[];
  /** Migrations of the journal not in the manifest yet. */
  unfrozen: string[];
}

export const sha256 = (content: string | Buffer) =>
  createHash('sha256').update(content).digest('hex');

export function readManifest(folder: string): Map<string, string> {
  const path = join(folder, FROZEN_MANIFEST);
  const frozen = new Map<string, string>();
  if (!existsSync(path)) return frozen;
  for (const line of readFileSync(path, 'utf8').split('\n')) {
    const match = /^([0-9a-f]{64}) {2}(\S+)$/.exec(line.trim());
    if (match) frozen.set(match[2], match[1]);
  }
  return frozen;
}

/** The migrations the journal lists, as their file names. */
export function journalMigrations(folder: string): string[] {
  const journal = JSON.parse(readFileSync(join(folder, 'meta', '_journal.json'), 'utf8')) as {
    entries: { tag: string }[];
  };
  return journal.entries.map((entry) => `${entry.tag}.sql`);
}

export function checkMigrations(folder: string): MigrationCheck {
  const frozen = readManifest(folder);
  const listed = journalMigrations(folder);
  const check: MigrationCheck = { changed: [], missing: [], unfrozen: [] };
  for (const file of listed) {
    const hash = frozen.get(file);
    if (!hash) check.unfrozen.push(file);
    else if (sha256(readFileSync(join(folder, file))) !== hash) check.changed.push(file);
  }
  for (const file of frozen.keys()) if (!listed.includes(file)) check.missing.push(file);
  return check;
}
